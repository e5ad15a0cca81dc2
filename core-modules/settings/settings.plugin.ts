import { asClass } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';

export interface SettingsDeps extends KernelDeps {
  settingsService: SettingsService;
}

/** Organization settings: a closed registry other modules add their definitions to. */
export const settingsModule = definePlugin<SettingsDeps>({
  name: 'settings',
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({ settingsService: asClass(SettingsService).singleton() }, { exports: ['settingsService'] });
    r.routes(settingsRoutes);
  },
});
