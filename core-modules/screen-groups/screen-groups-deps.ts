import type { KernelDeps } from '../../kernel/kernel.js';
import type { DependencyGraph } from '../dependency-graph/dependency-graph.api.js';
import type { MediaLibrary, VideoRenditions } from '../media/media.api.js';
import type { ContentKinds, ContentSources, ManifestSectionRegistry } from '../player/player.api.js';
import type { PlaylistLibrary } from '../playlists/playlists.api.js';
import type { ScreenCommands, ScreenDirectory, ScreenPlaces, ScreenTargets } from '../screens/screens.api.js';
import type { DisplayControlService } from './display-control.service.js';
import type { MembershipGuards } from './membership-guards.js';
import type { PanelFilesRepository } from './panel-files.repository.js';
import type { PanelFilesService } from './panel-files.service.js';
import type { SpanRepository } from './span.repository.js';
import type { SpanService } from './span.service.js';
import type { GroupsRepository } from './groups.repository.js';
import type { GroupsService } from './groups.service.js';

export interface ScreenGroupsDeps extends KernelDeps {
  // From screens, media, playlists, player and the dependency graph (their exports).
  mediaLibrary: MediaLibrary;
  videoRenditions: VideoRenditions;
  screensService: ScreenDirectory;
  screenPlaces: ScreenPlaces;
  screenTargets: ScreenTargets;
  screenCommands: ScreenCommands;
  playlistLibrary: PlaylistLibrary;
  contentSources: ContentSources;
  manifestSections: ManifestSectionRegistry;
  contentKinds: ContentKinds;
  dependencyGraph: DependencyGraph;
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
