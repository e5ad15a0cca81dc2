import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { dependencyGraphRef } from '../dependency-graph/dependency-graph.api.js';
import { contentKindsRef, contentSourcesRef, manifestSectionsRef } from '../player/player.api.js';
import { playlistLibraryRef } from '../playlists/playlists.api.js';
import { groupMembershipGuardsRef, screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { screenDirectoryRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { SchedulesRepository } from './schedules.repository.js';

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
  consoleEvents: consoleEventsRef,
};

/**
 * What the schedules module's services build on: its table. Services sit in the layers above, so
 * no service's own deps file names it.
 */
export interface SchedulesBaseDeps extends KernelDeps, UsedDeps<typeof schedulesUses> {
  schedulesRepository: SchedulesRepository;
}
