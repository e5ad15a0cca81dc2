import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { playerReleasesRef } from '../player-releases/player-releases.api.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { heartbeatExtensionsRef, screenCommandsRef, screenDirectoryRef } from '../screens/screens.api.js';
import type { UpdateDeploymentsRepository } from './update-deployments.repository.js';

export const updateDeploymentsUses = {
  consoleEvents: consoleEventsRef,
  screenGroups: screenGroupsRef,
  screenDirectory: screenDirectoryRef,
  screenCommands: screenCommandsRef,
  heartbeatExtensions: heartbeatExtensionsRef,
  playerReleases: playerReleasesRef,
};

/** What the update deployments module's services build on: its tables and what it uses of other modules. */
export interface UpdateDeploymentsBaseDeps extends KernelDeps, UsedDeps<typeof updateDeploymentsUses> {
  updateDeploymentsRepository: UpdateDeploymentsRepository;
}
