import { Type } from '@sinclair/typebox';
import { retentionJob } from '../../../kernel/jobs/retention-job.js';
import { jobFor } from '../../../kernel/plugin.js';
import type { CommandsDeps } from './commands-deps.js';
import { PURGE_COMMANDS_JOB } from './commands.service.js';

const job = jobFor<CommandsDeps>();

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
  retentionJob<CommandsDeps>({
    name: PURGE_COMMANDS_JOB,
    cron: '29 4 * * *',
    what: 'old screen commands',
    purge: ({ commandsRepository }) => commandsRepository.purgeCompleted(COMMAND_KEEP_DAYS),
  }),
];
