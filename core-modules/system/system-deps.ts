import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { mediaUpkeepRef } from '../media/media.api.js';
import { playerConfigRef } from '../player/player.api.js';
import { playerReleasesRef } from '../player-releases/player-releases.api.js';
import { playerPoliciesRef } from '../policies/policies.api.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { screenCommandsRef, screenDirectoryRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { MaintenanceService } from './maintenance.service.js';
import type { SettingsTransferService } from './settings-transfer.service.js';
import type { SystemFactsRepository } from './system-facts.repository.js';
import type { SystemStatusService } from './system-status.service.js';

export const systemUses = {
  settingsService: settingsServiceRef,
  screensService: screenDirectoryRef,
  screenCommands: screenCommandsRef,
  screenGroups: screenGroupsRef,
  mediaUpkeep: mediaUpkeepRef,
  playerConfig: playerConfigRef,
  playerPolicies: playerPoliciesRef,
  playerReleases: playerReleasesRef,
};

/** The system module's container. */
export interface SystemDeps extends KernelDeps, UsedDeps<typeof systemUses> {
  systemFactsRepository: SystemFactsRepository;
  systemStatusService: SystemStatusService;
  maintenanceService: MaintenanceService;
  settingsTransferService: SettingsTransferService;
}
