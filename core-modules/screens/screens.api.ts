// The screens module's public face: what other modules may use of screens, locations and players.
import type { CommandsService } from './commands/commands.service.js';
import type { ScreensService } from './screens.service.js';

export type { HeartbeatAnswer, HeartbeatExtensions } from './presence/heartbeat-extensions.js';
export type { ClockOffset, ScreenClocks } from './presence/screen-clocks.js';
export type { ScreenNotifier } from './screen-notifier.js';
export type { ScreenPlaces } from './locations/screen-places.js';
export { SCREEN_STATUSES, type ScreenStatus } from './screen-status.js';
export { reaches, TargetFields, type ScreenPlacement, type ScreenTargets, type TargetScope } from './screen-targets.js';
export type { ScreenView } from './screen-view.js';
export { screenNotFound } from './screens.service.js';

/** The screens as other modules read them (exported as `screensService`). */
export type ScreenDirectory = Pick<ScreensService, 'get' | 'namesOf' | 'ids' | 'statusCounts' | 'openCommands' | 'controlFacts' | 'platformsOf'>;

/** Queuing commands for players, as other modules do (exported as `screenCommands`). */
export type ScreenCommands = Pick<CommandsService, 'enqueue'>;
