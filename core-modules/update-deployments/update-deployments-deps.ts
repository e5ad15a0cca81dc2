import type { DeploymentViews } from './deployment-views.js';
import type { PlayerUpdates } from './player-updates.service.js';
import type { UpdateDeploymentsBaseDeps } from './update-deployments-base-deps.js';
import type { UpdateDeploymentsService } from './update-deployments.service.js';
import type { UpdateRollout } from './update-rollout.js';
import type { RunningDeployments } from './running-deployments.js';

/** The whole update deployments module's container. */
export interface UpdateDeploymentsDeps extends UpdateDeploymentsBaseDeps {
  runningDeployments: RunningDeployments;
  updateRollout: UpdateRollout;
  updateDeploymentsService: UpdateDeploymentsService;
  deploymentViews: DeploymentViews;
  playerUpdates: PlayerUpdates;
}
