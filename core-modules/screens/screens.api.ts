// The screens module's public face: what other modules may use of screens, locations and players.
import type { Static, TObject, TProperties } from '@sinclair/typebox';
import type { Knex } from 'knex';
import type { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import { exportRef } from '../../kernel/export-ref.js';
import type { CommandsService } from './commands/commands.service.js';
import type { PlayerMessageDef, PlayerMessageDoc } from './player-messages.js';
import type { HeartbeatExtensions } from './presence/heartbeat-extensions.js';
import type { ScreenClocks } from './presence/screen-clocks.js';
import type { ScreenPlaces } from './locations/screen-places.js';
import type { ScreenTargets } from './screen-targets.js';
import type { ScreensService } from './screens.service.js';

export type { HeartbeatExtension, HeartbeatExtensions } from './presence/heartbeat-extensions.js';
export type { ClockOffset } from './presence/clock-offset.js';
export type { ScreenClocks } from './presence/screen-clocks.js';
export type { PlayerMessageDef } from './player-messages.js';
export type { ScreenPlaces } from './locations/screen-places.js';
export { SCREEN_STATUSES, type ScreenStatus } from './screen-status.js';
export { reaches, TargetFields, type ScreenPlacement, type ScreenTargets, type TargetScope } from './screen-targets.js';
export type { ScreenView } from './screen-view.js';
export type { PlayerFacts } from './player-facts.js';
export { type PlaybackReport, PlaybackReportProperties } from './playback-report.js';
export { screenNotFound } from './screens.service.js';

/** The screens as other modules read them (a facade over the screens service: these reads only). */
export type ScreenDirectory = Pick<
  ScreensService,
  | 'get'
  | 'namesOf'
  | 'ids'
  | 'statusCounts'
  | 'connectedAmong'
  | 'openCommands'
  | 'controlFacts'
  | 'platformsOf'
  | 'playersOf'
  | 'recentHeartbeats'
  | 'playbackReport'
>;

/**
 * Queuing commands for players, as other modules do (`enqueueOwn`: the types the generic route leaves
 * to their own APIs; `queueOwn` and `cancelOwn`: the same inside the caller's transaction, as the server),
 * and an operator's clean-up of finished ones (`requestFinishedPurge`).
 */
export type ScreenCommands = Pick<CommandsService, 'enqueue' | 'enqueueOwn' | 'queueOwn' | 'cancelOwn' | 'requestFinishedPurge'>;

/**
 * The fields each socket message type carries beside `type`, by type name. A module that declares
 * a message adds its entry from its own folder (declaration merging), so `send` is typed without
 * the screens module knowing any other module's messages:
 * `declare module '../screens/screens.api.js' { interface PlayerMessageFields { 'x.changed': MessageFields<typeof fields> } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by the modules that declare messages.
export interface PlayerMessageFields {}

export type PlayerMessageType = keyof PlayerMessageFields & string;

/** The fields of a declared message as TypeScript sees them. */
export type MessageFields<P extends TProperties> = Static<TObject<P>>;

/**
 * Socket messages to players: declare each type your module sends
 * in its start hook, then send it. With `trx` a message goes out at that transaction's commit
 * (never after a rollback): pass the change's transaction for what a player must not miss.
 */
export interface PlayerMessages {
  declare<P extends TProperties>(def: PlayerMessageDef<P>): void;
  documented(): PlayerMessageDoc[];
  /** One message, with the same fields, to each of these screens' sockets (any process). */
  send<T extends PlayerMessageType>(type: T, screens: string | string[], fields: PlayerMessageFields[T], trx?: Knex.Transaction): Promise<void>;
  /** Each screen its own fields (a new version per screen), packed into few notifications. */
  sendEach<T extends PlayerMessageType>(type: T, entries: { screenId: string; fields: PlayerMessageFields[T] }[], trx?: Knex.Transaction): Promise<void>;
}

export const screenDirectoryRef = exportRef<ScreenDirectory>('screens', 'screenDirectory');
export const screenTargetsRef = exportRef<ScreenTargets>('screens', 'screenTargets');
export const screenClocksRef = exportRef<ScreenClocks>('screens', 'screenClocks');
export const heartbeatExtensionsRef = exportRef<HeartbeatExtensions>('screens', 'heartbeatExtensions');
export const screenPlacesRef = exportRef<ScreenPlaces>('screens', 'screenPlaces');
export const playerMessagesRef = exportRef<PlayerMessages>('screens', 'playerMessages');
export const screenCommandsRef = exportRef<ScreenCommands>('screens', 'screenCommands');
/**
 * Told, after the contact flush that stored them, of the screens whose player now reports another
 * profile (presentation schemas, native capabilities, version code): what its manifest may hold changed.
 */
export const playerFactsChangedRef = exportRef<AfterCommitEvents<string>>('screens', 'playerFactsChanged');
