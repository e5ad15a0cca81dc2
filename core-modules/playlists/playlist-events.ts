import { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import type { Logger } from '../../kernel/logger.js';

/** What changed: a playlist's content (every screen it is assigned to). Assignments tell contentSources in their own transaction. */
export interface PlaylistsChanged {
  reason: 'playlist.updated' | 'playlist.deleted';
  playlistId: string | null;
  revision: number | null;
  /** The screens whose manifest this affects. */
  screenIds: string[];
}

/**
 * Emitted after each committed change (never for a change rolled back); the module passes the
 * affected screens to the player's content sources, which rebuild their manifests.
 */
export class PlaylistEvents extends AfterCommitEvents<PlaylistsChanged> {
  constructor(d: { logger: Logger }) {
    super(d.logger, 'PlaylistsChanged');
  }
}
