import type { PlaylistLibraryDeps } from '../playlist-library-deps.js';
import type { PlaylistItemsService } from './playlist-items.service.js';

export interface ItemsDeps extends PlaylistLibraryDeps {
  playlistItemsService: PlaylistItemsService;
}
