import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { MaintenanceService } from './maintenance.service.js';
import { SettingsTransferService } from './settings-transfer.service.js';
import { systemUses, type SystemDeps } from './system-deps.js';
import { SystemFactsRepository } from './system-facts.repository.js';
import { systemRoutes } from './system.routes.js';
import { SystemStatusService } from './system-status.service.js';

/** System status, maintenance actions and settings transfer (spec 4.18). It owns no table: it reads and acts through other modules' faces. */
export const systemModule = definePlugin<SystemDeps>({
  name: 'system',
  dependsOn: ['settings', 'auth', 'media', 'screens', 'screen-groups', 'player', 'policies', 'player-releases'],
  uses: systemUses,
  register(r) {
    r.provide({
      systemFactsRepository: asClass(SystemFactsRepository).singleton(),
      systemStatusService: asFunction((d: SystemDeps) => new SystemStatusService(d)).singleton(),
      maintenanceService: asFunction((d: SystemDeps) => new MaintenanceService(d)).singleton(),
      settingsTransferService: asFunction((d: SystemDeps) => new SettingsTransferService(d)).singleton(),
    });
    r.routes(systemRoutes);
  },
});
