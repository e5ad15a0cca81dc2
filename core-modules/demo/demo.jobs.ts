import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { DemoDeps } from './demo-deps.js';

const job = jobFor<DemoDeps>();

export const demoJobs = [
  job({
    name: 'demo.nightly-reset',
    payload: Type.Object({}),
    // 03:17 UTC: the quietest hour for most visitors; the job does nothing outside demo mode.
    cron: '17 3 * * *',
    handler: (_p, { demoService }) => demoService.resetOnSchedule(),
  }),
];
