import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { assetUsageRef, mediaEventsRef, mediaLibraryRef } from '../media/media.api.js';
import type { AssignmentsRepository } from './assignments.repository.js';
import type { AssignmentsService } from './assignments.service.js';
import type { PlaylistItemsRepository } from './playlist-items.repository.js';
import type { PlaylistItemsService } from './playlist-items.service.js';
import type { PlaylistLibrary } from './playlist-library.js';
import type { PlaylistReader } from './playlist-reader.js';
import type { PlaylistsRepository } from './playlists.repository.js';
import type { PlaylistsService } from './playlists.service.js';
import { screenDirectoryRef } from '../screens/screens.api.js';
import { contentSourcesRef, contentKindsRef } from '../player/player.api.js';

export const playlistsUses = {
  assetUsage: assetUsageRef,
  mediaLibrary: mediaLibraryRef,
  mediaEvents: mediaEventsRef,
  dependencyGraph: dependencyGraphRef,
  screensService: screenDirectoryRef,
  contentSources: contentSourcesRef,
  contentKinds: contentKindsRef,
};

export interface PlaylistsDeps extends KernelDeps, UsedDeps<typeof playlistsUses> {
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
