import { Type } from '@sinclair/typebox';
import { jobFor } from '../../kernel/plugin.js';
import type { ScreensDeps } from './screens.plugin.js';

const job = jobFor<ScreensDeps>();

/** The console's command history reaches back this far. */
const COMMAND_KEEP_DAYS = 30;

export const commandsJobs = [
  // Reads expire commands too; this keeps the states right for screens nobody looks at.
  job({
    name: 'screens.expire-commands',
    payload: Type.Object({}),
    cron: '* * * * *',
    handler: async (_p, { commandsRepository, logger }) => {
      const expired = await commandsRepository.expireDue();
      if (expired) logger.info({ expired }, 'screen commands expired');
    },
  }),
  job({
    name: 'screens.purge-commands',
    payload: Type.Object({}),
    cron: '29 4 * * *',
    handler: async (_p, { commandsRepository, logger }) => {
      const removed = await commandsRepository.purgeCompleted(COMMAND_KEEP_DAYS);
      if (removed) logger.info({ removed }, 'old screen commands removed');
    },
  }),
];
