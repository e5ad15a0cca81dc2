import type { ScreensServiceDeps } from '../screens-service-deps.js';
import type { CommandsService } from './commands.service.js';

export interface CommandsDeps extends ScreensServiceDeps {
  commandsService: CommandsService;
}
