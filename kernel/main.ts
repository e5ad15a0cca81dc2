import { coreModules } from '../core-modules/index.js';
import { optionalPlugins } from '../plugins/index.js';
import { ConfigError, loadConfig } from './config.js';
import { startKernel, type ProcessRole } from './kernel.js';
import { createLogger } from './logger.js';
import { BootError } from './plugin-loader.js';

const ROLES: ProcessRole[] = ['all', 'web', 'worker'];

/** Entry point of `npm start` (web + worker), `npm run web` and `npm run worker`. */
export async function main(defaultRole: ProcessRole): Promise<void> {
  const roleArg = process.argv.find((a) => a.startsWith('--role='))?.slice('--role='.length);
  let config;
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
  let kernel;
  try {
    kernel = await startKernel({ config, plugins: [...coreModules, ...optionalPlugins], role, logger });
  } catch (err) {
    const known = err instanceof BootError || (err instanceof Error && !(err instanceof TypeError) && !(err instanceof ReferenceError));
    logger.fatal(known ? { reason: (err as Error).message } : { err }, 'signage-server could not start');
    process.exit(1);
  }

  let signals = 0;
  const shutdown = (signal: NodeJS.Signals) => {
    if (++signals > 1) {
      logger.warn({ signal }, 'second signal: exiting now');
      process.exit(130);
    }
    logger.info({ signal }, 'shutting down');
    kernel.stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutdown);
  process.on('SIGINT', shutdown);
}

if (import.meta.url === `file://${process.argv[1]}`) await main('all');
