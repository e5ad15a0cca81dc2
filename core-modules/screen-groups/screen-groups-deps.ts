import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { mediaLibraryRef, videoRenditionsRef } from '../media/media.api.js';
import { playlistLibraryRef } from '../playlists/playlists.api.js';
import type { DisplayControlService } from './display-control.service.js';
import type { MembershipGuards } from './membership-guards.js';
import type { PanelFilesRepository } from './panel-files.repository.js';
import type { PanelFilesService } from './panel-files.service.js';
import type { SpanRepository } from './span.repository.js';
import type { SpanService } from './span.service.js';
import type { GroupsRepository } from './groups.repository.js';
import type { GroupsService } from './groups.service.js';
import { screenDirectoryRef, screenPlacesRef, screenTargetsRef, screenCommandsRef } from '../screens/screens.api.js';
import { contentSourcesRef, manifestSectionsRef, contentKindsRef } from '../player/player.api.js';

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

export interface ScreenGroupsDeps extends KernelDeps, UsedDeps<typeof screenGroupsUses> {
  // Own.
  groupsRepository: GroupsRepository;
  groupsService: GroupsService;
  groupMembershipGuards: MembershipGuards;
  displayControlService: DisplayControlService;
  spanRepository: SpanRepository;
  spanService: SpanService;
  panelFilesRepository: PanelFilesRepository;
  panelFilesService: PanelFilesService;
}
