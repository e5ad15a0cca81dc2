import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin, type ModulePart } from '../../kernel/plugin.js';
import { commandsPart } from './commands/commands.part.js';
import { credentialsPart } from './credentials/credentials.part.js';
import { liveStreamPart } from './live-stream/live-stream.part.js';
import { locationsPart } from './locations/locations.part.js';
import { pairingPart } from './pairing/pairing.part.js';
import { PlayerHistoryRepository } from './player-history.repository.js';
import { offlineCondition } from './presence/offline-condition.js';
import { presencePart } from './presence/presence.part.js';
import { PlayerMessages } from './player-messages.js';
import { ScreenNotifier } from './screen-notifier.js';
import { ScreenTargets } from './screen-targets.js';
import { loadScreensConfig } from './screens-config.js';
import { screenDirectory } from './screen-directory.js';
import { playerMessagesRef, screenDirectoryRef, screenTargetsRef } from './screens.api.js';
import { screensUses } from './screens-base-deps.js';
import type { ScreensDeps } from './screens-deps.js';
import { screensGraph } from './screens-graph.js';
import { ScreensRepository } from './screens.repository.js';
import { screensRoutes } from './screens.routes.js';
import { ScreensService } from './screens.service.js';

// Stop hooks run last-registered first: the credential change feed closes before presence and contact stop.
const parts = [pairingPart, presencePart, commandsPart, locationsPart, credentialsPart, liveStreamPart] as ModulePart<ScreensDeps>[];

/**
 * Screens and their players: pairing and enrollment, the device credential, presence and contact
 * (socket, heartbeats, liveness), commands and locations, each a part in its own folder.
 */
export const screensModule = definePlugin<ScreensDeps>({
  name: 'screens',
  dependsOn: ['settings', 'auth', 'dependency-graph', 'notifications', 'console-events'],
  uses: screensUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      screensConfig: asFunction(({ config }: KernelDeps) => loadScreensConfig(config)).singleton(),
      screensRepository: asClass(ScreensRepository).singleton(),
      playerHistoryRepository: asClass(PlayerHistoryRepository).singleton(),
      screensService: asFunction((d: ScreensDeps) => new ScreensService(d)).singleton(),
      screenNotifier: asFunction((d: ScreensDeps) => new ScreenNotifier(d)).singleton(),
    });
    // Later modules declare and send their socket messages to players (manifest.changed,
    // config.changed, ...), look screens up and target screens (plugin instances). Parts export their own.
    r.export(playerMessagesRef, asFunction((d: ScreensDeps) => new PlayerMessages(d)).singleton());
    r.export(screenDirectoryRef, asFunction(screenDirectory).singleton());
    r.export(screenTargetsRef, asClass(ScreenTargets).singleton());
    r.routes(screensRoutes);
    for (const part of parts) part(r);
    r.onStart((d) => {
      d.dependencyGraph.register(screensGraph(d.db));
      d.notificationConditions.add(offlineCondition(d));
    });
    r.onStop(({ screenTargets }) => screenTargets.moved.stop());
  },
});
