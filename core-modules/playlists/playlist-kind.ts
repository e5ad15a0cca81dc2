import type { ContentKind } from '../player/player.api.js';
import type { PlaylistLibraryDeps } from './playlist-library-deps.js';
import { playlistNotFound } from './playlist-reader.js';

type Deps = Pick<PlaylistLibraryDeps, 'playlistsRepository' | 'playlistLibrary'>;

/**
 * Playlists as a kind of content screens are given (directly, by a group, by a schedule). Any
 * playlist can be shown, an empty one too (the screen then shows nothing from it).
 */
export function playlistKind(d: Deps): ContentKind {
  return {
    type: 'playlist',
    plugin: 'playlists',
    inUseCode: 'playlist_conflict',
    async check(ids, trx) {
      // Held shared in the writer's transaction: the delete locks the row for update before asking for uses.
      const found = new Set(trx ? await d.playlistsRepository.share(ids, trx) : (await d.playlistsRepository.namesOf(ids)).keys());
      if (ids.some((id) => !found.has(id))) throw playlistNotFound();
    },
    names: (ids) => d.playlistsRepository.namesOf(ids),
    content: (id, memo) => d.playlistLibrary.content(id, memo),
  };
}
