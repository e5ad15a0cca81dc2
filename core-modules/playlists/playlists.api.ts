// The playlists module's public face.
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { ContentRef } from '../player/player.api.js';
import type { PlaylistsChangedListener } from './playlist-library.js';

export type { PlaylistsChangedListener } from './playlist-library.js';
export { playlistNotFound } from './playlist-reader.js';

/** The playlists as other modules count them (fleet health). */
export interface PlaylistDirectory {
  counts(): Promise<{ total: number; empty: number }>;
}

/**
 * Playlists as groups and schedules use them: they follow playlists' changes and hand content on.
 * Naming, checking and holding a playlist goes through contentKinds (the playlist kind).
 */
export interface PlaylistLibrary {
  /**
   * Makes the content the screens' own where they have none (a screen leaving a group keeps playing
   * what the group gave it), in the caller's transaction; the caller rebuilds the screens' manifests.
   */
  keepAsAssignment(screenIds: string[], ref: ContentRef, trx: Knex.Transaction): Promise<void>;
  /** Told of playlists whose content may have changed, with the change's transaction when there is one. */
  onChange(listener: PlaylistsChangedListener): void;
}

export const playlistReaderRef = exportRef<PlaylistDirectory>('playlists', 'playlistReader');
export const playlistLibraryRef = exportRef<PlaylistLibrary>('playlists', 'playlistLibrary');
