import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { assetUsageRef, mediaEventsRef, mediaLibraryRef } from '../media/media.api.js';
import { contentKindsRef, contentSourcesRef, playbackStatusRef } from '../player/player.api.js';
import { screenDirectoryRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { AssignmentsRepository } from './assignments/assignments.repository.js';
import type { PlaylistItemsRepository } from './items/playlist-items.repository.js';
import type { PlaylistsRepository } from './playlists.repository.js';

export const playlistsUses = {
  assetUsage: assetUsageRef,
  mediaLibrary: mediaLibraryRef,
  mediaEvents: mediaEventsRef,
  dependencyGraph: dependencyGraphRef,
  screensService: screenDirectoryRef,
  contentSources: contentSourcesRef,
  contentKinds: contentKindsRef,
  settingsService: settingsServiceRef,
  playbackStatus: playbackStatusRef,
};

/**
 * What every part of the playlists module can use: its three tables. The reader, the library and
 * the services sit in layers above, so no service's own deps file names it.
 */
export interface PlaylistsBaseDeps extends KernelDeps, UsedDeps<typeof playlistsUses> {
  playlistsRepository: PlaylistsRepository;
  playlistItemsRepository: PlaylistItemsRepository;
  assignmentsRepository: AssignmentsRepository;
}
