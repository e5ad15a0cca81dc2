import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { playerConfigRef } from '../player/player.api.js';
import { heartbeatExtensionsRef, screenCommandsRef, screenDirectoryRef } from '../screens/screens.api.js';
import type { NetworkSealer } from './network-key.js';
import type { NetworksRepository } from './networks.repository.js';
import type { ReportsRepository } from './reports.repository.js';

export const presentationNetworksUses = {
  screenDirectory: screenDirectoryRef,
  screenCommands: screenCommandsRef,
  heartbeatExtensions: heartbeatExtensionsRef,
  playerConfig: playerConfigRef,
};

/** What the module's services build on: what it uses, its tables and its key. */
export interface PresentationNetworksBaseDeps extends KernelDeps, UsedDeps<typeof presentationNetworksUses> {
  networkSealer: NetworkSealer;
  networksRepository: NetworksRepository;
  reportsRepository: ReportsRepository;
}
