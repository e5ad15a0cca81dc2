import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import { commandsJobs } from './commands.jobs.js';
import { CommandsRepository } from './commands.repository.js';
import { commandsRoutes } from './commands.routes.js';
import { CommandsService } from './commands.service.js';
import { ContactBuffer } from './contact-buffer.js';
import { ContactRepository } from './contact.repository.js';
import { CredentialCache } from './credential-cache.js';
import { CredentialChangesRepository } from './credential-changes.repository.js';
import { CredentialsRepository } from './credentials.repository.js';
import { DeviceAuthenticator } from './device-authenticator.js';
import { EnrollmentService } from './enrollment.service.js';
import { HeartbeatService } from './heartbeat.service.js';
import { locationsRoutes } from './locations.routes.js';
import { LocationsRepository } from './locations.repository.js';
import { LocationsService } from './locations.service.js';
import { pairingRoutes } from './pairing.routes.js';
import { PairingApprovalService } from './pairing-approval.service.js';
import { PairingService } from './pairing.service.js';
import { PairingSessionsRepository } from './pairing-sessions.repository.js';
import { PlayerHistoryRepository } from './player-history.repository.js';
import { playerRoutes } from './player.routes.js';
import { playerSocketRoutes } from './player-socket.js';
import { PowerAssistRepository } from './power-assist.repository.js';
import { PresenceRepository } from './presence.repository.js';
import { PresenceService } from './presence.service.js';
import { ReliabilityService } from './reliability.service.js';
import { ScreenAccessService } from './screen-access.service.js';
import { ScreenNotifier } from './screen-notifier.js';
import { loadScreensConfig } from './screens-config.js';
import { screensJobs } from './screens.jobs.js';
import { ScreensRepository } from './screens.repository.js';
import { screensRoutes } from './screens.routes.js';
import { ScreensService } from './screens.service.js';
import { ScreenTargets } from './screen-targets.js';
import { screensGraph } from './screens-graph.js';
import { HeartbeatExtensions } from './heartbeat-extensions.js';
import { ScreenPlaces } from './screen-places.js';
import type { ScreensDeps } from './screens-deps.js';

/**
 * Screens and their players: pairing and enrollment, the device credential, heartbeats and
 * liveness, the player socket with presence shared across server processes, screens and locations.
 */
export const screensModule = definePlugin<ScreensDeps>({
  name: 'screens',
  dependsOn: ['settings', 'auth', 'dependency-graph'],
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide(
      {
        screensConfig: asFunction(({ config }: KernelDeps) => loadScreensConfig(config)).singleton(),
        screensRepository: asClass(ScreensRepository).singleton(),
        locationsRepository: asClass(LocationsRepository).singleton(),
        credentialsRepository: asClass(CredentialsRepository).singleton(),
        credentialChangesRepository: asFunction((d: ScreensDeps) => new CredentialChangesRepository(d)).singleton(),
        credentialCache: asFunction((d: ScreensDeps) => new CredentialCache(d)).singleton(),
        pairingSessionsRepository: asClass(PairingSessionsRepository).singleton(),
        playerHistoryRepository: asClass(PlayerHistoryRepository).singleton(),
        presenceRepository: asClass(PresenceRepository).singleton(),
        contactRepository: asClass(ContactRepository).singleton(),
        powerAssistRepository: asClass(PowerAssistRepository).singleton(),
        contactBuffer: asFunction((d: ScreensDeps) => new ContactBuffer(d.contactRepository, d.logger)).singleton(),
        presenceService: asFunction((d: ScreensDeps) => new PresenceService(d)).singleton(),
        screenNotifier: asFunction((d: ScreensDeps) => new ScreenNotifier(d)).singleton(),
        pairingService: asFunction((d: ScreensDeps) => new PairingService(d)).singleton(),
        pairingApprovalService: asFunction((d: ScreensDeps) => new PairingApprovalService(d)).singleton(),
        enrollmentService: asFunction((d: ScreensDeps) => new EnrollmentService(d)).singleton(),
        heartbeatService: asFunction((d: ScreensDeps) => new HeartbeatService(d)).singleton(),
        screensService: asFunction((d: ScreensDeps) => new ScreensService(d)).singleton(),
        screenAccessService: asFunction((d: ScreensDeps) => new ScreenAccessService(d)).singleton(),
        reliabilityService: asFunction((d: ScreensDeps) => new ReliabilityService(d)).singleton(),
        locationsService: asFunction((d: ScreensDeps) => new LocationsService(d)).singleton(),
        commandsRepository: asClass(CommandsRepository).singleton(),
        commandsService: asFunction((d: ScreensDeps) => new CommandsService(d)).singleton(),
        screenTargets: asClass(ScreenTargets).singleton(),
        screenPlaces: asClass(ScreenPlaces).singleton(),
        heartbeatExtensions: asClass(HeartbeatExtensions).singleton(),
      },
      // Later modules push to players (manifest.changed, config.changed, commands.available), look
      // screens up, target screens (plugin instances), name where screens are (player config) and
      // take parts of heartbeats (noise history).
      { exports: ['screenNotifier', 'screensService', 'screenTargets', 'screenPlaces', 'heartbeatExtensions'] },
    );
    r.authenticator('player', (d) => new DeviceAuthenticator(d));
    r.routes([...pairingRoutes, ...playerRoutes]);
    r.routes([...screensRoutes, ...locationsRoutes]);
    r.routes(commandsRoutes);
    r.sockets(playerSocketRoutes);
    r.jobs([...screensJobs, ...commandsJobs]);
    r.onStart(({ contactBuffer, presenceService, screensConfig }) => {
      contactBuffer.start(screensConfig.contactFlushMs);
      presenceService.start();
    });
    r.onStart(({ dependencyGraph, db }) => dependencyGraph.register(screensGraph(db)));
    // Stop hooks run last-registered first: the change feed, then this process's presence rows (its
    // sockets are closed by now), then the final contact flush.
    r.onStop(({ contactBuffer }) => contactBuffer.stop());
    r.onStop(({ presenceService }) => presenceService.stop());
    r.onStop(({ credentialChangesRepository }) => credentialChangesRepository.close());
  },
});
