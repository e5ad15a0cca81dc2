import { Type } from '@sinclair/typebox';
import type { KernelDeps } from '../kernel/kernel.js';
import { retentionJob } from '../kernel/jobs/retention-job.js';
import { jobFor } from '../kernel/plugin.js';

const job = jobFor<KernelDeps>();

/** System-wide retention jobs, run by the kernel's own plugin on every installation. */
export const systemJobs = [
  retentionJob<KernelDeps>({
    name: 'kernel.purge-audit-log',
    cron: '17 3 * * *',
    what: 'audit log entries past retention',
    purge: ({ auditLog, config }) => auditLog.purgeOlderThan(config.auditRetentionDays),
  }),
  // Counters of finished windows: nothing to report.
  job({
    name: 'kernel.purge-rate-limits',
    payload: Type.Object({}),
    cron: '7 * * * *',
    handler: async (_p, { rateLimiter }) => {
      await rateLimiter.purgeExpired();
    },
  }),
];
