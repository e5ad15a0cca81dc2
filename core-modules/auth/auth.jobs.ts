import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { AuthDeps } from './auth.plugin.js';

const job = jobFor<AuthDeps>();

export const authJobs = [
  job({
    name: 'auth.purge-expired',
    payload: Type.Object({}),
    cron: '*/10 * * * *',
    handler: async (_p, { sessionsRepository, challengesRepository, logger }) => {
      const sessions = await sessionsRepository.purgeExpired();
      const challenges = await challengesRepository.purgeExpired();
      if (sessions || challenges) logger.info({ sessions, challenges }, 'expired sessions and sign-in challenges removed');
    },
  }),
];
