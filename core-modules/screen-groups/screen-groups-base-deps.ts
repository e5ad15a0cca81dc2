import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { mediaLibraryRef, videoRenditionsRef } from '../media/media.api.js';
import { contentKindsRef, contentSourcesRef, manifestSectionsRef } from '../player/player.api.js';
import { playlistLibraryRef } from '../playlists/playlists.api.js';
import { screenCommandsRef, screenDirectoryRef, screenPlacesRef, screenTargetsRef } from '../screens/screens.api.js';
import type { GroupsRepository } from './groups.repository.js';
import type { MembershipGuards } from './membership-guards.js';

export const screenGroupsUses = {
  mediaLibrary: mediaLibraryRef,
  videoRenditions: videoRenditionsRef,
  playlistLibrary: playlistLibraryRef,
  dependencyGraph: dependencyGraphRef,
  screensService: screenDirectoryRef,
  screenPlaces: screenPlacesRef,
  screenTargets: screenTargetsRef,
  screenCommands: screenCommandsRef,
  contentSources: contentSourcesRef,
  manifestSections: manifestSectionsRef,
  contentKinds: contentKindsRef,
};

/**
 * What every part of the screen groups module can use: the groups and their members, and who may
 * join one. Each part extends it; services sit in the parts' deps, above what they take, so no
 * service's own deps file names it.
 */
export interface ScreenGroupsBaseDeps extends KernelDeps, UsedDeps<typeof screenGroupsUses> {
  groupsRepository: GroupsRepository;
  groupMembershipGuards: MembershipGuards;
}
