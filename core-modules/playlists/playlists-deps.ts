import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { assetUsageRef, mediaEventsRef, mediaLibraryRef } from '../media/media.api.js';
import type { ContentKinds, ContentSources } from '../player/player.api.js';
import type { ScreenDirectory } from '../screens/screens.api.js';
import type { AssignmentsRepository } from './assignments.repository.js';
import type { AssignmentsService } from './assignments.service.js';
import type { PlaylistItemsRepository } from './playlist-items.repository.js';
import type { PlaylistItemsService } from './playlist-items.service.js';
import type { PlaylistLibrary } from './playlist-library.js';
import type { PlaylistReader } from './playlist-reader.js';
import type { PlaylistsRepository } from './playlists.repository.js';
import type { PlaylistsService } from './playlists.service.js';

export const playlistsUses = {
  assetUsage: assetUsageRef,
  mediaLibrary: mediaLibraryRef,
  mediaEvents: mediaEventsRef,
  dependencyGraph: dependencyGraphRef,
};

export interface PlaylistsDeps extends KernelDeps, UsedDeps<typeof playlistsUses> {
  // From screens and player (their exports, until they declare them as refs).
  contentSources: ContentSources;
  contentKinds: ContentKinds;
  screensService: ScreenDirectory;
  // Own.
  playlistsRepository: PlaylistsRepository;
  playlistItemsRepository: PlaylistItemsRepository;
  assignmentsRepository: AssignmentsRepository;
  playlistReader: PlaylistReader;
  playlistLibrary: PlaylistLibrary;
  playlistsService: PlaylistsService;
  playlistItemsService: PlaylistItemsService;
  assignmentsService: AssignmentsService;
}
