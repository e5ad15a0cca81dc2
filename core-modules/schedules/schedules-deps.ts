import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { playlistLibraryRef } from '../playlists/playlists.api.js';
import { groupMembershipGuardsRef, screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { SchedulePreview } from './schedule-preview.js';
import type { SchedulesRepository } from './schedules.repository.js';
import type { SchedulesService } from './schedules.service.js';
import { screenDirectoryRef } from '../screens/screens.api.js';
import { contentSourcesRef, contentKindsRef, manifestSectionsRef } from '../player/player.api.js';

export const schedulesUses = {
  settingsService: settingsServiceRef,
  screenGroups: screenGroupsRef,
  groupMembershipGuards: groupMembershipGuardsRef,
  playlistLibrary: playlistLibraryRef,
  dependencyGraph: dependencyGraphRef,
  screensService: screenDirectoryRef,
  contentSources: contentSourcesRef,
  contentKinds: contentKindsRef,
  manifestSections: manifestSectionsRef,
};

export interface SchedulesDeps extends KernelDeps, UsedDeps<typeof schedulesUses> {
  // Own.
  schedulesRepository: SchedulesRepository;
  schedulesService: SchedulesService;
  schedulePreview: SchedulePreview;
}
