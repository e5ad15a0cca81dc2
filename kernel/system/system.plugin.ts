import { checkTool } from '../media-tools.js';
import type { KernelDeps } from '../kernel.js';
import { definePlugin } from '../plugin.js';
import { apiDocsRoutes } from './api-docs.routes.js';
import { healthRoutes } from './health.routes.js';
import { homeRoutes } from './home.routes.js';
import { systemJobs } from '../../jobs/system-jobs.js';

// A tool that ran a moment ago still runs; do not spawn it on every probe of a load balancer.
const TOOL_CHECK_CACHE_MS = 60_000;

function cachedToolCheck(path: string) {
  let okUntil = 0;
  return async () => {
    if (Date.now() < okUntil) return;
    await checkTool(path);
    okUntil = Date.now() + TOOL_CHECK_CACHE_MS;
  };
}

/** The kernel's own routes (home page, health, API docs) and readiness checks, on the same contract as any plugin. */
export const systemPlugin = definePlugin<KernelDeps>({
  name: 'kernel',
  register(r) {
    r.routes([...homeRoutes, ...healthRoutes, ...apiDocsRoutes]);
    r.jobs(systemJobs);
    r.readiness(({ db }) => ({ name: 'database', check: async () => void (await db.raw('SELECT 1')) }));
    r.readiness(({ storage }) => ({
      name: 'storage',
      check: () => storage.checkWritable().catch((err: Error) => Promise.reject(new Error(`media storage is not writable: ${err.message}`))),
    }));
    r.readiness(({ mediaTools }) => ({ name: 'ffmpeg', check: cachedToolCheck(mediaTools.ffmpegPath) }));
    r.readiness(({ mediaTools }) => ({ name: 'ffprobe', check: cachedToolCheck(mediaTools.ffprobePath) }));
  },
});
