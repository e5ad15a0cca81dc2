import { Type } from '@sinclair/typebox';
import type { KernelDeps } from '../kernel/kernel.js';
import { jobFor } from '../kernel/plugin.js';

const job = jobFor<KernelDeps>();

/** System-wide retention jobs, run by the kernel's own plugin on every installation. */
export const systemJobs = [
  job({
    name: 'kernel.purge-audit-log',
    payload: Type.Object({}),
    cron: '17 3 * * *',
    handler: async (_p, { auditLog, config, logger }) => {
      const removed = await auditLog.purgeOlderThan(config.auditRetentionDays);
      if (removed) logger.info({ removed, days: config.auditRetentionDays }, 'audit log entries past retention removed');
    },
  }),
  job({
    name: 'kernel.purge-rate-limits',
    payload: Type.Object({}),
    cron: '7 * * * *',
    handler: async (_p, { rateLimiter }) => {
      await rateLimiter.purgeExpired();
    },
  }),
];
