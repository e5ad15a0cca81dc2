import type { AssignmentsService } from './assignments.service.js';
import type { NetworksService } from './networks.service.js';
import type { PlayerNetworkService } from './player-network.service.js';
import type { PresentationNetworksBaseDeps } from './presentation-networks-base-deps.js';

/** The module's whole container, as its routes and start hooks see it. */
export interface PresentationNetworksDeps extends PresentationNetworksBaseDeps {
  networksService: NetworksService;
  assignmentsService: AssignmentsService;
  playerNetworkService: PlayerNetworkService;
}
