import { AfterCommitEvents } from '../../kernel/after-commit-events.js';
import type { Logger } from '../../kernel/logger.js';

/** What changed: a playlist's content (every screen it is assigned to) or one screen's assignment. */
export interface PlaylistsChanged {
  reason: 'playlist.updated' | 'playlist.deleted' | 'assignment.changed';
  playlistId: string | null;
  revision: number | null;
  /** The screens whose manifest this affects. */
  screenIds: string[];
}

/**
 * The seam to the manifest. ScreenNotifier.manifestChanged needs a manifest version, which only the
 * (later) manifest module can compute, so this module does not push to players itself: it emits
 * PlaylistsChanged after each committed change, and the manifest module subscribes (exported as
 * `playlistEvents`), rebuilds and calls screenNotifier.manifestChanged for the affected screens.
 */
export class PlaylistEvents extends AfterCommitEvents<PlaylistsChanged> {
  constructor(d: { logger: Logger }) {
    super(d.logger, 'PlaylistsChanged');
  }
}
