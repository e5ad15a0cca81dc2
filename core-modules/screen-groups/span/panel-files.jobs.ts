import { Type } from '@sinclair/typebox';
import { Uuid } from '../../../kernel/http/wire.js';
import { jobFor } from '../../../kernel/plugin.js';
import type { PanelFilesDeps } from './panel-files-deps.js';
import { PANEL_FILE_JOBS } from './panel-files.service.js';

const job = jobFor<PanelFilesDeps>();
const CUT_RETRIES = 2;

export const panelFileJobs = [
  job({
    name: PANEL_FILE_JOBS.cut,
    payload: Type.Object({ fileId: Uuid }),
    retry: { limit: CUT_RETRIES, delaySeconds: 30, backoff: true },
    // The cut's own ffmpeg limit is 6 hours.
    expireInSeconds: 7 * 3600,
    handler: ({ fileId }, { panelFilesService }, { retryCount, signal }) => panelFilesService.cut(fileId, { lastAttempt: retryCount >= CUT_RETRIES, signal }),
  }),
  job({
    name: PANEL_FILE_JOBS.sweep,
    payload: Type.Object({}),
    cron: '17 * * * *',
    expireInSeconds: 15 * 60,
    handler: (_payload, { panelFilesService }) => panelFilesService.sweep(),
  }),
];
