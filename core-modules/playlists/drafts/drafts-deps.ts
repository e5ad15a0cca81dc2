import type { PlaylistLibraryDeps } from '../playlist-library-deps.js';
import type { PlaylistDraftsService } from './playlist-drafts.service.js';
import type { PlaylistPublisher } from './playlist-publisher.js';

/** The drafts part: publishing playlists, their revisions, restoring one to the draft. */
export interface DraftsDeps extends PlaylistLibraryDeps {
  playlistPublisher: PlaylistPublisher;
  playlistDraftsService: PlaylistDraftsService;
}
