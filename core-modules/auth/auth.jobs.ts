import { retentionJob } from '../../kernel/jobs/retention-job.js';
import type { AuthDeps } from './auth-deps.js';
import { idleTimeoutSeconds } from './mfa-policy.js';

export const authJobs = [
  retentionJob<AuthDeps>({
    name: 'auth.purge-expired',
    cron: '*/10 * * * *',
    what: 'expired or idle sessions and sign-in challenges',
    purge: async ({ sessionsRepository, challengesRepository, settingsService }) => ({
      sessions: await sessionsRepository.purgeExpired(await idleTimeoutSeconds(settingsService)),
      challenges: await challengesRepository.purgeExpired(),
    }),
  }),
];
