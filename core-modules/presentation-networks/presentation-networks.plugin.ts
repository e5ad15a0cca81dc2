import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import { AssignmentsService } from './assignments.service.js';
import { loadNetworkKey } from './network-key.js';
import { ConfigSectionSchema } from './network-view.js';
import { NetworksRepository } from './networks.repository.js';
import { networksRoutes } from './networks.routes.js';
import { NetworksService } from './networks.service.js';
import { PlayerNetworkService } from './player-network.service.js';
import { presentationNetworksUses } from './presentation-networks-base-deps.js';
import type { PresentationNetworksDeps } from './presentation-networks-deps.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * Presentation networks (spec 4.16): Wi-Fi networks Linux players join beside Ethernet for local
 * presentation, with a write-only credential sealed under PRESENTATION_NETWORK_KEY; assignments,
 * connection tests and per-screen readiness. Without the key every route answers 501.
 */
export const presentationNetworksModule = definePlugin<PresentationNetworksDeps>({
  name: 'presentation-networks',
  dependsOn: ['screens', 'player'],
  uses: presentationNetworksUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      networkSealer: asFunction(({ config }: KernelDeps) => loadNetworkKey(config)).singleton(),
      networksRepository: asClass(NetworksRepository).singleton(),
      reportsRepository: asClass(ReportsRepository).singleton(),
      networksService: asFunction((d: PresentationNetworksDeps) => new NetworksService(d)).singleton(),
      assignmentsService: asFunction((d: PresentationNetworksDeps) => new AssignmentsService(d)).singleton(),
      playerNetworkService: asFunction((d: PresentationNetworksDeps) => new PlayerNetworkService(d)).singleton(),
    });
    r.routes(networksRoutes);
    r.onStart(({ networkSealer, playerConfig, heartbeatExtensions, playerNetworkService: s }) => {
      void networkSealer; // resolved here so a malformed PRESENTATION_NETWORK_KEY stops the boot
      playerConfig.addSection({ name: 'presentationNetwork', schema: ConfigSectionSchema, valuesFor: (ids) => s.configSections(ids) });
      heartbeatExtensions.register({ plugin: 'presentation-networks', handle: (screenId, heartbeat) => s.heartbeat(screenId, heartbeat) });
    });
  },
});
