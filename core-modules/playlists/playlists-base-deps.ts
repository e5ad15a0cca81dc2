import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { assetUsageRef, mediaEventsRef, mediaLibraryRef } from '../media/media.api.js';
import { contentKindsRef, contentSourcesRef, playbackStatusRef } from '../player/player.api.js';
import { editorialRef, publishableKindsRef } from '../editorial/editorial.api.js';
import { screenDirectoryRef, screenTargetsRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { AssignmentsRepository } from './assignments/assignments.repository.js';
import type { DraftsRepository } from './drafts/drafts.repository.js';
import type { RevisionsRepository } from './drafts/revisions.repository.js';
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
  screenTargets: screenTargetsRef,
  publishableKinds: publishableKindsRef,
  editorial: editorialRef,
};

/**
 * What every part of the playlists module can use: its tables (the published playlists and items,
 * their drafts, their published revisions, the screens' assignments). The reader, the library and
 * the services sit in layers above, so no service's own deps file names it.
 */
export interface PlaylistsBaseDeps extends KernelDeps, UsedDeps<typeof playlistsUses> {
  playlistsRepository: PlaylistsRepository;
  /** The published items, which manifests read. */
  playlistItemsRepository: PlaylistItemsRepository;
  draftsRepository: DraftsRepository;
  /** The drafts' items, which people edit. */
  draftItemsRepository: PlaylistItemsRepository;
  revisionsRepository: RevisionsRepository;
  assignmentsRepository: AssignmentsRepository;
}
