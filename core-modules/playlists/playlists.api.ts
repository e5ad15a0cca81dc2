// The playlists module's public face.
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { ContentRef } from '../player/player.api.js';
export { playlistNotFound } from './playlist-reader.js';

/** The playlists as other modules count them (fleet health). */
export interface PlaylistDirectory {
  counts(): Promise<{ total: number; empty: number }>;
}

/**
 * Playlists as groups use them: they hand content on. Naming, checking, holding a playlist and
 * following its changes go through contentKinds (the playlist kind).
 */
export interface PlaylistLibrary {
  /**
   * Makes the content the screens' own where they have none (a screen leaving a group keeps playing
   * what the group gave it), in the caller's transaction; the caller rebuilds the screens' manifests.
   */
  keepAsAssignment(screenIds: string[], ref: ContentRef, trx: Knex.Transaction): Promise<void>;
}

export const playlistReaderRef = exportRef<PlaylistDirectory>('playlists', 'playlistReader');
export const playlistLibraryRef = exportRef<PlaylistLibrary>('playlists', 'playlistLibrary');
