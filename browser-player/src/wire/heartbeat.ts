import type { SelectionSource } from '../seams.js';

/**
 * The part of the heartbeat (`POST /api/v1/player/heartbeat`, or `player.status` on the socket)
 * the browser player sends. Every field is optional on the server; the playback ids must be UUIDs
 * (a malformed one is dropped and named in `ignoredFields`), texts are at most 120 characters.
 */
export interface Heartbeat {
  playerVersion: string;
  /** Whole seconds since this page started; at least 0 (a negative one refuses the heartbeat). */
  uptimeSeconds: number;
  screenWidth?: number;
  screenHeight?: number;
  locale?: string;
  timezone?: string;
  /** At most 60 characters: `playing`, `idle`, `disabled`, `waiting_for_content`. */
  playbackState: string;
  selectionSource: SelectionSource;
  activeManifestVersion?: number;
  /** A newer manifest received, waiting for the item on screen to end. */
  pendingManifestVersion?: number;
  currentItemId?: string;
  currentAssetId?: string;
  currentPlaylistId?: string;
  currentScheduleId?: string;
  activeTakeoverId?: string;
  nextTransitionAt?: string;
  /** Playback turned off by `disable_playback`: the console's "playback disabled" reads only this (not `playbackState`). */
  playbackDisabled: boolean;
  /** The last command the player finished (a UUID): a malformed one refuses the heartbeat. */
  lastCommandId?: string;
  cacheUsedBytes?: number;
  cacheLimitBytes?: number;
  /** The presentation schema versions this player renders (13: declarative layouts). */
  presentationSchemaVersions?: number[];
}

/** The answer's `data`. */
export interface HeartbeatAck {
  accepted: true;
  ignoredFields?: string[];
}
