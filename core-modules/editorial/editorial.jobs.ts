import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { EditorialDeps } from './editorial-deps.js';

const job = jobFor<EditorialDeps>();

export const PUBLISH_DUE_JOB = 'editorial.publish-due';

export const editorialJobs = [
  job({
    name: PUBLISH_DUE_JOB,
    payload: Type.Object({}),
    // Also sent once at start-up, so a publication due while no worker ran goes out at once.
    cron: '* * * * *',
    handler: async (_p, { scheduledPublications }) => {
      await scheduledPublications.publishDue();
    },
  }),
];
