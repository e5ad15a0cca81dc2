import { Type } from '@sinclair/typebox';
import { jobFor } from '../../../kernel/plugin.js';
import type { UploadsDeps } from './uploads-deps.js';

const job = jobFor<UploadsDeps>();

/** Frozen job name: queued jobs carry it. */
export const CLEAN_EXPIRED_UPLOADS_JOB = 'media.clean-expired-uploads';

export const uploadsJobs = [
  job({
    name: CLEAN_EXPIRED_UPLOADS_JOB,
    payload: Type.Object({}),
    // Hourly: an upload lives 24 hours, so a part outlives its expiry by at most an hour.
    cron: '7 * * * *',
    handler: async (_p, { uploadsService, logger }) => {
      const result = await uploadsService.cleanExpired();
      if (result.expired || result.abandoned || result.partsRemoved) logger.info(result, 'expired uploads cleaned');
    },
  }),
];
