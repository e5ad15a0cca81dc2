import { asClass } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { settingsServiceRef } from './settings.api.js';
import { settingsRoutes } from './settings.routes.js';
import { SettingsService } from './settings.service.js';
import type { SettingsDeps } from './settings-deps.js';

/** Organization settings: a closed registry other modules add their definitions to. */
export const settingsModule = definePlugin<SettingsDeps>({
  name: 'settings',
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.export(settingsServiceRef, asClass(SettingsService).singleton());
    r.routes(settingsRoutes);
    // Changes other processes announced and have yet to tell are theirs (or another's) to finish.
    r.onStop(({ settingsService }) => settingsService.changed.stop());
  },
});
