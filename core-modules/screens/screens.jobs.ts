import { retentionJob } from '../../kernel/jobs/retention-job.js';
import type { ScreensDeps } from './screens-deps.js';

/** Long enough to tell a player "expired" or "rejected" and to look a request up afterwards. */
const PAIRING_KEEP_DAYS = 1;
/** The reliability summary reads a day; a month leaves room for a longer view. */
const CONTACT_HOURS_KEEP_DAYS = 31;

export const screensJobs = [
  retentionJob<ScreensDeps>({
    name: 'screens.purge-pairing-sessions',
    cron: '17 * * * *',
    what: 'expired pairing sessions',
    purge: ({ pairingSessionsRepository }) => pairingSessionsRepository.purgeExpired(PAIRING_KEEP_DAYS),
  }),
  retentionJob<ScreensDeps>({
    name: 'screens.purge-contact-history',
    cron: '43 3 * * *',
    what: 'old screen contact counts',
    purge: ({ contactRepository }) => contactRepository.purgeHoursOlderThan(CONTACT_HOURS_KEEP_DAYS),
  }),
];
