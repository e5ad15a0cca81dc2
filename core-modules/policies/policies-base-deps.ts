import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { playerConfigRef } from '../player/player.api.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { screenDirectoryRef, screenTargetsRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { PoliciesRepository } from './policies.repository.js';

export const policiesUses = {
  settingsService: settingsServiceRef,
  screenGroups: screenGroupsRef,
  screensService: screenDirectoryRef,
  screenTargets: screenTargetsRef,
  playerConfig: playerConfigRef,
};

/** What the policies service builds on, below the module's deps that name it. */
export interface PoliciesBaseDeps extends KernelDeps, UsedDeps<typeof policiesUses> {
  policiesRepository: PoliciesRepository;
}
