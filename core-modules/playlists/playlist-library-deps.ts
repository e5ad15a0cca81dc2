import type { PlaylistLibrary } from './playlist-library.js';
import type { PlaylistReaderDeps } from './playlist-reader-deps.js';

/** The playlists as other modules use them: what every change to a playlist tells. */
export interface PlaylistLibraryDeps extends PlaylistReaderDeps {
  playlistLibrary: PlaylistLibrary;
}
