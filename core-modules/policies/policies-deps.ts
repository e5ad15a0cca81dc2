import type { KernelDeps } from '../../kernel/kernel.js';
import type { PlayerConfig } from '../player/player.api.js';
import type { GroupDirectory } from '../screen-groups/screen-groups.api.js';
import type { ScreenDirectory, ScreenTargets } from '../screens/screens.api.js';
import type { SettingsService } from '../settings/settings.api.js';
import type { PoliciesRepository } from './policies.repository.js';
import type { PoliciesService } from './policies.service.js';

export interface PoliciesDeps extends KernelDeps {
  // From settings, screens, screen groups and player (their exports).
  settingsService: SettingsService;
  screensService: ScreenDirectory;
  screenTargets: ScreenTargets;
  screenGroups: GroupDirectory;
  playerConfig: PlayerConfig;
  // Own.
  policiesRepository: PoliciesRepository;
  policiesService: PoliciesService;
}
