import type { KernelDeps } from '../../kernel/kernel.js';
import type { SettingsService } from './settings.service.js';

export interface SettingsDeps extends KernelDeps {
  settingsService: SettingsService;
}
