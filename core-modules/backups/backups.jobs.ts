import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import { jobFor } from '../../kernel/plugin.js';
import type { BackupsDeps } from './backups-deps.js';
import { RUN_JOB } from './backups.service.js';

const job = jobFor<BackupsDeps>();

export const backupsJobs = [
  job({
    name: RUN_JOB,
    payload: Type.Object({ jobId: Uuid }),
    // Media of many GiB on a slow disk; the job records its own failures, so a retry only means its process died.
    expireInSeconds: 12 * 60 * 60,
    retry: { limit: 1, delaySeconds: 5 },
    handler: (p, { backupRunner }, { signal, retryCount }) => backupRunner.run(p.jobId, signal, retryCount > 0),
  }),
  job({
    name: 'backups.run-schedule',
    payload: Type.Object({}),
    cron: '* * * * *',
    handler: (_p, { backupsService }) => backupsService.runSchedule(),
  }),
];
