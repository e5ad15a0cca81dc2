import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { screenCommandsRef } from '../screens.api.js';
import { commandsAvailable } from './command-messages.js';
import { commandsJobs } from './commands.jobs.js';
import { CommandsRepository } from './commands.repository.js';
import { commandsRoutes } from './commands.routes.js';
import { CommandsService } from './commands.service.js';
import type { CommandsDeps } from './commands-deps.js';

/** Commands to a screen's player (reboot, screenshot, …): queued, delivered over the socket, expired. */
export const commandsPart: ModulePart<CommandsDeps> = (r) => {
  r.provide({
    commandsRepository: asClass(CommandsRepository).singleton(),
    commandsService: asFunction((d: CommandsDeps) => new CommandsService(d)).singleton(),
  });
  // Group display control queues one command per eligible member, deployments their updates, system maintenance purges: they get these, not the service.
  r.export(
    screenCommandsRef,
    asFunction(({ commandsService: s }: CommandsDeps) => ({
      enqueue: s.enqueue.bind(s),
      enqueueOwn: s.enqueueOwn.bind(s),
      requestFinishedPurge: s.requestFinishedPurge.bind(s),
      queueOwn: s.queueOwn.bind(s),
      cancelOwn: s.cancelOwn.bind(s),
    })).singleton(),
  );
  r.routes(commandsRoutes);
  r.jobs(commandsJobs);
  r.onStart(({ playerMessages }) => playerMessages.declare(commandsAvailable));
};
