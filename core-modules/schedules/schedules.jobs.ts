import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import { PREFETCH_DAYS_KEY } from '../player/player.api.js';
import type { SchedulesDeps } from './schedules-deps.js';

const job = jobFor<SchedulesDeps>();
/** How often manifests are brought up to date with schedules entering the prefetch horizon or ending. */
const EVERY_MINUTES = 15;

export const schedulesJobs = [
  job({
    name: 'schedules.refresh-horizon',
    payload: Type.Object({}),
    cron: `*/${EVERY_MINUTES} * * * *`,
    handler: async (_p, { schedulesRepository, schedulesService, settingsService }) => {
      const horizonDays = await settingsService.get<number>(PREFETCH_DAYS_KEY);
      // A few minutes' overlap between runs, so a late run misses nothing.
      await schedulesService.contentChanged(await schedulesRepository.crossingHorizon(horizonDays, EVERY_MINUTES + 5));
    },
  }),
];
