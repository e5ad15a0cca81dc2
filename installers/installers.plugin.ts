import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../kernel/plugin.js';
import { InstallerTexts } from './installer-texts.js';
import { type InstallersDeps, installersUses } from './installers-deps.js';
import { installersRoutes } from './installers.routes.js';
import { LinuxPlayerInstalls } from './linux-player-installs.js';
import { installersCommands } from './screencast-receiver.command.js';
import { ScreencastReceiverRepository } from './screencast-receiver.repository.js';
import { ScreencastReceiverService } from './screencast-receiver.service.js';

/**
 * Installers (spec 4.1): the scripts that turn a Debian-family box into a player and a screencast
 * receiver, the player's service unit, and the files they download, all from this server (a box
 * often reaches this server and nothing else). Public routes: a box has no credential yet.
 */
export const installersModule = definePlugin<InstallersDeps>({
  name: 'installers',
  dependsOn: ['player-releases'],
  uses: installersUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      installerTexts: asClass(InstallerTexts).singleton(),
      linuxPlayerInstalls: asFunction((d: InstallersDeps) => new LinuxPlayerInstalls(d)).singleton(),
      screencastReceiverRepository: asClass(ScreencastReceiverRepository).singleton(),
      screencastReceiverService: asFunction((d: InstallersDeps) => new ScreencastReceiverService(d)).singleton(),
    });
    r.routes(installersRoutes);
    r.commands(installersCommands);
    r.onStart((d) => d.installerTexts.load());
  },
});
