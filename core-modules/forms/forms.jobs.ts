import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { FormsDeps } from './forms-deps.js';

const job = jobFor<FormsDeps>();

export const formsJobs = [
  job({
    name: 'forms.expire-records',
    payload: Type.Object({}),
    cron: '* * * * *',
    retry: { limit: 0, delaySeconds: 60 },
    expireInSeconds: 5 * 60,
    handler: async (_payload, { recordsService }) => {
      await recordsService.expireDue();
    },
  }),
  job({
    name: 'forms.sweep-files',
    payload: Type.Object({}),
    cron: '17 * * * *',
    retry: { limit: 0, delaySeconds: 60 },
    expireInSeconds: 30 * 60,
    handler: async (_payload, { attachmentFiles }) => {
      await attachmentFiles.sweep();
    },
  }),
];
