import { Type } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import { retentionJob } from '../../kernel/jobs/retention-job.js';
import { jobFor } from '../../kernel/plugin.js';
import type { PlayerReleasesDeps } from './player-releases-deps.js';
import { CACHE_JOB } from './release-cache.js';

const job = jobFor<PlayerReleasesDeps>();

export const playerReleasesJobs = [
  job({
    name: CACHE_JOB,
    payload: Type.Object({ releaseId: Uuid }),
    // A 512 MiB download on a slow link; a run past this is retried from the start.
    expireInSeconds: 60 * 60,
    // A download cut by a shutdown is left marked downloading and runs again here.
    retry: { limit: 5, delaySeconds: 30, backoff: true },
    handler: (p, { releaseCache }, { signal }) => releaseCache.run(p.releaseId, signal),
  }),
  retentionJob<PlayerReleasesDeps>({
    name: 'player-releases.purge-old-releases',
    cron: '17 3 * * *',
    what: 'player releases older than 90 days and unused',
    purge: ({ releaseRemoval }) => releaseRemoval.purgeOld(),
  }),
];
