import type { PlaylistsBaseDeps } from './playlists-base-deps.js';
import type { PlaylistReader } from './playlist-reader.js';

/** The playlists as they are read: what the library builds screens' content from. */
export interface PlaylistReaderDeps extends PlaylistsBaseDeps {
  playlistReader: PlaylistReader;
}
