import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { DeploymentViews } from './deployment-views.js';
import { PlayerUpdates } from './player-updates.service.js';
import { playerUpdatesRoutes } from './player-updates.routes.js';
import { deploymentChanged } from './update-deployment-messages.js';
import { updateDeploymentsUses } from './update-deployments-base-deps.js';
import type { UpdateDeploymentsDeps } from './update-deployments-deps.js';
import { UpdateDeploymentsRepository } from './update-deployments.repository.js';
import { updateDeploymentsRoutes } from './update-deployments.routes.js';
import { UpdateDeploymentsService } from './update-deployments.service.js';
import { UpdateRollout } from './update-rollout.js';
import { RunningDeployments } from './running-deployments.js';

/** Update deployments (spec 4.19, 4.5): a verified player release rolled out to screens, optionally behind a canary. */
export const updateDeploymentsModule = definePlugin<UpdateDeploymentsDeps>({
  name: 'update-deployments',
  dependsOn: ['auth', 'console-events', 'screens', 'screen-groups', 'player-releases'],
  uses: updateDeploymentsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      updateDeploymentsRepository: asClass(UpdateDeploymentsRepository).singleton(),
      runningDeployments: asFunction((d: UpdateDeploymentsDeps) => new RunningDeployments(d)).singleton(),
      updateRollout: asFunction((d: UpdateDeploymentsDeps) => new UpdateRollout(d)).singleton(),
      updateDeploymentsService: asFunction((d: UpdateDeploymentsDeps) => new UpdateDeploymentsService(d)).singleton(),
      deploymentViews: asFunction((d: UpdateDeploymentsDeps) => new DeploymentViews(d)).singleton(),
      playerUpdates: asFunction((d: UpdateDeploymentsDeps) => new PlayerUpdates(d)).singleton(),
    });
    r.routes([...updateDeploymentsRoutes, ...playerUpdatesRoutes]);
    r.onStart((d) => {
      d.consoleEvents.declare(deploymentChanged);
      // The heartbeats of the new build settle its targets.
      d.heartbeatExtensions.register({
        plugin: 'update-deployments',
        handle: async (screenId, heartbeat) => {
          await d.updateRollout.settle(screenId, heartbeat);
          return undefined;
        },
      });
      // A release a running deployment rolls out cannot be deleted.
      d.playerReleases.registerUse((releaseId, trx) => d.updateDeploymentsRepository.holdsRelease(releaseId, trx));
    });
  },
});
