import { Type } from '@sinclair/typebox';
import { retentionJob } from '../../kernel/jobs/retention-job.js';
import { jobFor } from '../../kernel/plugin.js';
import type { ActivityDeps } from './activity-deps.js';

const job = jobFor<ActivityDeps>();

export const activityJobs = [
  job({
    name: 'activity.roll-up-playback',
    payload: Type.Object({}),
    cron: '*/5 * * * *',
    expireInSeconds: 15 * 60,
    handler: async (_p, { playbackRollup }, { signal }) => {
      await playbackRollup.run(Date.now(), signal);
    },
  }),
  retentionJob<ActivityDeps>({
    name: 'activity.purge-expired',
    cron: '31 2 * * *',
    expireInSeconds: 60 * 60,
    what: 'expired activity',
    purge: ({ activityRetention }, signal) => activityRetention.purge(signal),
  }),
];
