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
  /**
   * Makes a playlist of these ready assets (a widget it made) that the module `owner` keeps, in its
   * transaction: left out of the playlists' list, and people's changes, duplicates and deletes of
   * it answer 409 `managed_resource`. Answers its id.
   */
  createManaged(
    input: { owner: string; name: string; description: string; items: { assetId: string; durationMs: number }[] },
    trx: Knex.Transaction,
  ): Promise<string>;
  /** Deletes a playlist made by createManaged, in the owner's transaction (409 playlist_conflict while a person's content plays it). */
  removeManaged(id: string, trx: Knex.Transaction): Promise<void>;
}

export const playlistReaderRef = exportRef<PlaylistDirectory>('playlists', 'playlistReader');
export const playlistLibraryRef = exportRef<PlaylistLibrary>('playlists', 'playlistLibrary');
