import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { ActivityDeps } from './activity.plugin.js';

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
  job({
    name: 'activity.purge-expired',
    payload: Type.Object({}),
    cron: '31 2 * * *',
    expireInSeconds: 60 * 60,
    handler: async (_p, { activityRetention }, { signal }) => {
      await activityRetention.purge(signal);
    },
  }),
];
