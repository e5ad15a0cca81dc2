import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { PlayerConfig } from '../player/player.api.js';
import { screenGroupsRef } from '../screen-groups/screen-groups.api.js';
import type { ScreenDirectory, ScreenTargets } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { PoliciesRepository } from './policies.repository.js';
import type { PoliciesService } from './policies.service.js';

export const policiesUses = { settingsService: settingsServiceRef, screenGroups: screenGroupsRef };

export interface PoliciesDeps extends KernelDeps, UsedDeps<typeof policiesUses> {
  // From screens and player (their exports, until they declare them as refs).
  screensService: ScreenDirectory;
  screenTargets: ScreenTargets;
  playerConfig: PlayerConfig;
  // Own.
  policiesRepository: PoliciesRepository;
  policiesService: PoliciesService;
}
