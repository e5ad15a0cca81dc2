import type { Logger } from '../../kernel/logger.js';

/** What changed: a playlist's content (every screen it is assigned to) or one screen's assignment. */
export interface PlaylistsChanged {
  reason: 'playlist.updated' | 'playlist.deleted' | 'assignment.changed';
  playlistId: string | null;
  revision: number | null;
  /** The screens whose manifest this affects. */
  screenIds: string[];
}

export type PlaylistsChangedListener = (event: PlaylistsChanged) => Promise<void> | void;

/**
 * The seam to the manifest. ScreenNotifier.manifestChanged needs a manifest version, which only the
 * (later) manifest module can compute, so this module does not push to players itself: it emits
 * PlaylistsChanged after each committed change, and the manifest module subscribes (exported as
 * `playlistEvents`), rebuilds and calls screenNotifier.manifestChanged for the affected screens.
 */
export class PlaylistEvents {
  private readonly listeners: PlaylistsChangedListener[] = [];

  constructor(private readonly d: { logger: Logger }) {}

  subscribe(listener: PlaylistsChangedListener): void {
    this.listeners.push(listener);
  }

  // After commit: a failing listener never undoes the change; the player's own reconciliation catches up.
  async emit(event: PlaylistsChanged): Promise<void> {
    for (const listener of this.listeners) {
      try {
        await listener(event);
      } catch (err) {
        this.d.logger.warn({ err, event }, 'a PlaylistsChanged listener failed');
      }
    }
  }
}
