import { retentionJob } from '../../kernel/jobs/retention-job.js';
import type { AuthDeps } from './auth-deps.js';

export const authJobs = [
  retentionJob<AuthDeps>({
    name: 'auth.purge-expired',
    cron: '*/10 * * * *',
    what: 'expired sessions and sign-in challenges',
    purge: async ({ sessionsRepository, challengesRepository }) => ({
      sessions: await sessionsRepository.purgeExpired(),
      challenges: await challengesRepository.purgeExpired(),
    }),
  }),
];
