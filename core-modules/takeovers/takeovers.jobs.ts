import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { TakeoversDeps } from './takeovers-deps.js';

const job = jobFor<TakeoversDeps>();

export const takeoversJobs = [
  job({
    name: 'takeovers.expire-due',
    payload: Type.Object({}),
    // Players return by themselves at `expiresAt`; this ends the rows and rebuilds the manifests.
    cron: '* * * * *',
    handler: async (_p, { takeoversService }) => {
      await takeoversService.expireDue();
    },
  }),
];
