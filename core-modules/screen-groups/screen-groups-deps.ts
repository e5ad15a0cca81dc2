import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { mediaLibraryRef, videoRenditionsRef } from '../media/media.api.js';
import type { ContentKinds, ContentSources, ManifestSectionRegistry } from '../player/player.api.js';
import { playlistLibraryRef } from '../playlists/playlists.api.js';
import type { ScreenCommands, ScreenDirectory, ScreenPlaces, ScreenTargets } from '../screens/screens.api.js';
import type { DisplayControlService } from './display-control.service.js';
import type { MembershipGuards } from './membership-guards.js';
import type { PanelFilesRepository } from './panel-files.repository.js';
import type { PanelFilesService } from './panel-files.service.js';
import type { SpanRepository } from './span.repository.js';
import type { SpanService } from './span.service.js';
import type { GroupsRepository } from './groups.repository.js';
import type { GroupsService } from './groups.service.js';

export const screenGroupsUses = {
  mediaLibrary: mediaLibraryRef,
  videoRenditions: videoRenditionsRef,
  playlistLibrary: playlistLibraryRef,
  dependencyGraph: dependencyGraphRef,
};

export interface ScreenGroupsDeps extends KernelDeps, UsedDeps<typeof screenGroupsUses> {
  // From screens and player (their exports, until they declare them as refs).
  screensService: ScreenDirectory;
  screenPlaces: ScreenPlaces;
  screenTargets: ScreenTargets;
  screenCommands: ScreenCommands;
  contentSources: ContentSources;
  manifestSections: ManifestSectionRegistry;
  contentKinds: ContentKinds;
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
