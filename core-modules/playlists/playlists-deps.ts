import type { KernelDeps } from '../../kernel/kernel.js';
import type { DependencyGraph } from '../dependency-graph/dependency-graph.api.js';
import type { AssetUsageRegistry, MediaEvents, MediaLibrary } from '../media/media.api.js';
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

export interface PlaylistsDeps extends KernelDeps {
  // From media, screens and player (their exports).
  assetUsage: AssetUsageRegistry;
  mediaLibrary: MediaLibrary;
  mediaEvents: MediaEvents;
  contentSources: ContentSources;
  contentKinds: ContentKinds;
  screensService: ScreenDirectory;
  dependencyGraph: DependencyGraph;
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
