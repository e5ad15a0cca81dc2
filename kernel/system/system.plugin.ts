import { checkTool, parseToolVersion, toolConcern, type MediaTools, type ToolName } from '../media-tools.js';
import type { KernelDeps } from '../kernel-deps.js';
import type { Logger } from '../logger.js';
import type { Storage } from '../storage/storage.js';
import { definePlugin, type JobDef } from '../plugin.js';
import { apiDocsRoutes } from './api-docs.routes.js';
import { consoleAppRoutes, consoleFallback } from './console-app.routes.js';
import { healthRoutes } from './health.routes.js';
import { playerAppRoutes } from './player-app.routes.js';
import { checkSecretKeys } from './key-check.js';
import { secretsCommands } from './secrets.commands.js';

// A tool that ran a moment ago still runs; do not spawn it on every probe of a load balancer.
const TOOL_CHECK_CACHE_MS = 60_000;
// How long a bucket that took a probe write counts as writable (see storageCheck).
const REMOTE_STORAGE_CHECK_CACHE_MS = 30_000;

const pathOf = (tools: MediaTools, tool: ToolName) => (tool === 'ffmpeg' ? tools.ffmpegPath : tools.ffprobePath);

/**
 * Fails while the tool does not run. An outdated build, or npm's unpatched one, still works, and
 * npm's is what `npm ci && npm start` runs with, so it is a warning, not a reason to be unready.
 */
function cachedToolCheck(tool: ToolName, path: string) {
  let cached: { until: number; found: { warning: string } | undefined } | undefined;
  return async () => {
    if (cached && Date.now() < cached.until) return cached.found;
    const concern = toolConcern(tool, path, await checkTool(path));
    cached = { until: Date.now() + TOOL_CHECK_CACHE_MS, found: concern ? { warning: concern } : undefined };
    return cached.found;
  };
}

/**
 * Whether media can be written. On a bucket each check is two billed requests, and load balancers
 * ask every few seconds: a success there stands for a while; a failure is asked again each time,
 * so a recovery shows at once.
 */
function storageCheck(storage: Storage) {
  let okUntil = 0;
  return async () => {
    if (Date.now() < okUntil) return;
    await storage.checkWritable().catch((err: Error) => Promise.reject(new Error(`media storage is not writable: ${err.message}`)));
    if (storage.kind === 's3') okUntil = Date.now() + REMOTE_STORAGE_CHECK_CACHE_MS;
  };
}

/** At start, says loudly when uploads will be decoded by an outdated or unpatched ffmpeg. */
async function warnAboutTool(tool: ToolName, path: string, logger: Logger): Promise<void> {
  try {
    const output = await checkTool(path);
    const concern = toolConcern(tool, path, output);
    if (concern) logger.warn({ tool, path, version: parseToolVersion(output).version }, concern);
  } catch (err) {
    logger.warn({ tool, path }, `${(err as Error).message}; media processing fails until it runs`);
  }
}

/**
 * The kernel's own routes (the console's and the browser player's files, health, API docs) and readiness checks, on the same contract
 * as any plugin. The system-wide jobs are given by the entry point: the kernel lists no job of its own.
 */
export const systemPlugin = (systemJobs: JobDef<KernelDeps>[]) =>
  definePlugin<KernelDeps>({
    name: 'kernel',
    register(r) {
      r.routes([...consoleAppRoutes, ...playerAppRoutes, ...healthRoutes, ...apiDocsRoutes]);
      r.middleware(({ config }) => consoleFallback(config));
      r.jobs(systemJobs);
      r.commands(secretsCommands);
      r.readiness(({ db }) => ({ name: 'database', check: async () => void (await db.raw('SELECT 1')) }));
      r.readiness(({ storage }) => ({ name: 'storage', check: storageCheck(storage) }));
      for (const tool of ['ffmpeg', 'ffprobe'] as const) {
        r.readiness(({ mediaTools }) => ({ name: tool, check: cachedToolCheck(tool, pathOf(mediaTools, tool)) }));
      }
      r.onStart(({ db, secretBox }) => checkSecretKeys(db, secretBox));
      r.onStart(async ({ mediaTools, logger, processRole }) => {
        // A command-line tool decodes nothing; its output is for the command.
        if (processRole === 'cli') return;
        await Promise.all((['ffmpeg', 'ffprobe'] as const).map((tool) => warnAboutTool(tool, pathOf(mediaTools, tool), logger)));
      });
    },
  });
