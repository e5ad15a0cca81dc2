import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { PresentationOverridesDeps } from './presentation-overrides-deps.js';

const job = jobFor<PresentationOverridesDeps>();

export const presentationOverridesJobs = [
  job({
    name: 'presentation-overrides.expire-due',
    payload: Type.Object({}),
    // Players return by themselves at `expiresAt`; this ends the sessions and rebuilds the manifests.
    cron: '* * * * *',
    handler: async (_p, { presentationOverridesService }) => {
      await presentationOverridesService.expireDue();
    },
  }),
];
