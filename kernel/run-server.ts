import { type Config, ConfigError, loadConfig } from './config.js';
import { type Application, startKernel, type ProcessRole } from './kernel.js';
import { createLogger } from './logger.js';
import { BootError } from './plugin-loader.js';

const ROLES: ProcessRole[] = ['all', 'web', 'worker'];
/** What stop hooks, the database pool and the embedded PostgreSQL get after the grace. */
const STOP_HOOKS_SECONDS = 10;
const EX_UNAVAILABLE = 69;

/**
 * Runs the server process of `npm start` (web + worker), `npm run web` and `npm run worker` until a
 * signal stops it. The entry points above the kernel (`jobs/server.ts`, `jobs/worker.ts`) say what it runs.
 */
export async function runServer(app: Application, defaultRole: ProcessRole): Promise<void> {
  const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
  let config: Config;
  try {
    if (roleArg && !ROLES.includes(roleArg as ProcessRole)) throw new ConfigError(`--role must be one of ${ROLES.join(', ')}, got "${roleArg}"`);
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`signage-server: configuration error: ${err.message}\n`);
    process.exit(78); // EX_CONFIG
  }
  const logger = createLogger(config.logLevel);
  const role = (roleArg as ProcessRole | undefined) ?? defaultRole;

  // The embedded database could not be restarted: stop and exit non-zero, for a service manager to
  // restart the whole server (it would otherwise answer 503 for ever).
  const onFatal = () => void shutdown({ reason: 'database_lost' }, EX_UNAVAILABLE);
  const starting = startKernel({ ...app, config, role, logger, onFatal });

  // Signal handlers go in before start-up finishes, so a signal during start-up still stops the
  // embedded database (a process killed by a signal runs no exit handlers).
  let stops = 0;
  const shutdown = async (why: { signal: NodeJS.Signals } | { reason: string }, exitCode = 0) => {
    if (++stops > 1) {
      logger.warn(why, 'second signal: exiting now');
      process.exit(130);
    }
    logger.info(why, 'shutting down');
    // Bounded in every case: whatever hangs after the grace (a dead database, a stuck stop hook)
    // must not keep a service manager waiting or the DATA_DIR lock held.
    setTimeout(
      () => {
        logger.error({ seconds: config.shutdownGraceSeconds + STOP_HOOKS_SECONDS }, 'shutdown did not finish in time: exiting now');
        process.exit(1);
      },
      (config.shutdownGraceSeconds + STOP_HOOKS_SECONDS) * 1000,
    ).unref();
    const kernel = await starting.catch(() => undefined);
    if (!kernel) return; // start-up failed and is exiting by itself
    try {
      await kernel.stop();
      logger.info('stopped');
      process.exit(exitCode);
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', (signal) => shutdown({ signal }));
  process.on('SIGINT', (signal) => shutdown({ signal }));

  try {
    await starting;
  } catch (err) {
    // A module's own setting, read as it starts (a malformed key), is a configuration error like any other.
    if (err instanceof ConfigError) {
      process.stderr.write(`signage-server: configuration error: ${err.message}\n`);
      process.exit(78);
    }
    logger.fatal(err instanceof BootError ? { reason: err.message } : { err }, 'signage-server could not start');
    process.exit(1);
  }
}
