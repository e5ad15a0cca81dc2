import type { KernelDeps } from '../../kernel/kernel.js';
import type { DependencyGraph } from '../dependency-graph/dependency-graph.api.js';
import type { ContentKinds, ContentSources, ManifestSectionRegistry } from '../player/player.api.js';
import type { PlaylistLibrary } from '../playlists/playlists.api.js';
import type { GroupDirectory, MembershipGuards } from '../screen-groups/screen-groups.api.js';
import type { ScreenDirectory } from '../screens/screens.api.js';
import type { SettingsService } from '../settings/settings.api.js';
import type { SchedulePreview } from './schedule-preview.js';
import type { SchedulesRepository } from './schedules.repository.js';
import type { SchedulesService } from './schedules.service.js';

export interface SchedulesDeps extends KernelDeps {
  // From settings, screens, screen groups, playlists, player and the dependency graph (their exports).
  settingsService: SettingsService;
  screensService: ScreenDirectory;
  screenGroups: GroupDirectory;
  groupMembershipGuards: MembershipGuards;
  playlistLibrary: PlaylistLibrary;
  contentSources: ContentSources;
  contentKinds: ContentKinds;
  manifestSections: ManifestSectionRegistry;
  dependencyGraph: DependencyGraph;
  // Own.
  schedulesRepository: SchedulesRepository;
  schedulesService: SchedulesService;
  schedulePreview: SchedulePreview;
}
