// The playlists module's public face.
import type { PlaylistReader } from './playlist-reader.js';

export type { PlaylistLibrary, PlaylistsChangedListener } from './playlist-library.js';
export { playlistNotFound } from './playlist-reader.js';

/** The playlists as other modules read them (exported as `playlistReader`). */
export type PlaylistDirectory = Pick<PlaylistReader, 'counts'>;
