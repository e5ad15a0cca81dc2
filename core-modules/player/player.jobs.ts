import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import { RESEND_CONFIG_JOB } from './player-config.service.js';
import type { PlayerDeps } from './player-deps.js';

const job = jobFor<PlayerDeps>();

export const playerJobs = [
  job({
    name: RESEND_CONFIG_JOB,
    payload: Type.Object({}),
    handler: async (_p, { playerConfigService }) => {
      await playerConfigService.resendAll();
    },
  }),
];
