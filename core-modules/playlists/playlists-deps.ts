import type { AssignmentsDeps } from './assignments/assignments-deps.js';
import type { DraftsDeps } from './drafts/drafts-deps.js';
import type { ItemsDeps } from './items/items-deps.js';
import type { PlaylistsService } from './playlists.service.js';

/** The whole playlists module's container. */
export interface PlaylistsDeps extends ItemsDeps, AssignmentsDeps, DraftsDeps {
  playlistsService: PlaylistsService;
}
