import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { PoliciesRepository } from './policies.repository.js';
import type { PoliciesService } from './policies.service.js';
import { screenDirectoryRef, screenTargetsRef } from '../screens/screens.api.js';
import { playerConfigRef } from '../player/player.api.js';

export const policiesUses = {
  settingsService: settingsServiceRef,
  screenGroups: screenGroupsRef,
  screensService: screenDirectoryRef,
  screenTargets: screenTargetsRef,
  playerConfig: playerConfigRef,
};

export interface PoliciesDeps extends KernelDeps, UsedDeps<typeof policiesUses> {
  // Own.
  policiesRepository: PoliciesRepository;
  policiesService: PoliciesService;
}
