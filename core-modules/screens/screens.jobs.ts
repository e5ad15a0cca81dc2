import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { ScreensDeps } from './screens.plugin.js';

const job = jobFor<ScreensDeps>();

/** Long enough to tell a player "expired" or "rejected" and to look a request up afterwards. */
const PAIRING_KEEP_DAYS = 1;
/** The reliability summary reads a day; a month leaves room for a longer view. */
const CONTACT_HOURS_KEEP_DAYS = 31;

export const screensJobs = [
  job({
    name: 'screens.purge-pairing-sessions',
    payload: Type.Object({}),
    cron: '17 * * * *',
    handler: async (_p, { pairingSessionsRepository, logger }) => {
      const removed = await pairingSessionsRepository.purgeExpired(PAIRING_KEEP_DAYS);
      if (removed) logger.info({ removed }, 'expired pairing sessions removed');
    },
  }),
  job({
    name: 'screens.purge-contact-history',
    payload: Type.Object({}),
    cron: '43 3 * * *',
    handler: async (_p, { contactRepository, logger }) => {
      const removed = await contactRepository.purgeHoursOlderThan(CONTACT_HOURS_KEEP_DAYS);
      if (removed) logger.info({ removed }, 'old screen contact counts removed');
    },
  }),
];
