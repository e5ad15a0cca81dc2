import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { PlayerRelease } from '../player-releases/player-releases.api.js';
import { deploymentFinished, deploymentInvalid, deploymentNotFound, releaseNotVerified, retryNotAllowed, targetRequired } from './update-deployment-errors.js';
import { planTargets, RUNNING_STATUSES, TERMINAL_STATES, type InstallationMode, type TargetState } from './update-deployment-rules.js';
import type { RunningDeployments } from './running-deployments.js';
import { UPDATE_COMMAND, type UpdateRollout } from './update-rollout.js';
import type { UpdateDeploymentsBaseDeps } from './update-deployments-base-deps.js';

type Deps = Pick<
  UpdateDeploymentsBaseDeps,
  'db' | 'updateDeploymentsRepository' | 'playerReleases' | 'screenDirectory' | 'screenGroups' | 'screenCommands' | 'consoleEvents' | 'auditLog'
> & { updateRollout: UpdateRollout; runningDeployments: RunningDeployments };

export interface DeploymentInput {
  releaseId: string;
  name: string;
  mode: InstallationMode;
  maintenanceWindowStart?: string;
  screenIds?: string[];
  groupIds?: string[];
  canarySize?: number;
}

const unique = (ids: string[]) => [...new Set(ids)];
const deployable = (release: PlayerRelease | undefined): release is PlayerRelease => Boolean(release?.verified && release.cacheStatus === 'cached');

/** What a console user does to deployments: start one, cancel it, retry a failed screen. Each change is audited. */
export class UpdateDeploymentsService {
  constructor(private readonly d: Deps) {}

  /** Starts a deployment; answers its id and the release it rolls out. */
  async create(actor: ConsolePrincipal, input: DeploymentInput, ip: string): Promise<{ id: string; release: PlayerRelease }> {
    const name = input.name.trim();
    if (!name) throw deploymentInvalid('A deployment needs a name of 1–180 characters.', 'body/name');
    const screenIds = unique(input.screenIds ?? []);
    const groupIds = unique(input.groupIds ?? []);
    if (!screenIds.length && !groupIds.length) throw deploymentInvalid('Choose at least one screen or group.', 'body/screenIds');
    const window = input.mode === 'maintenance_window' && input.maintenanceWindowStart ? new Date(input.maintenanceWindowStart) : null;
    if (input.mode === 'maintenance_window' && !(window && window.getTime() > Date.now())) {
      throw deploymentInvalid('Choose a maintenance window in the future.', 'body/maintenanceWindowStart');
    }
    const release = await this.d.playerReleases.get(input.releaseId);
    if (!deployable(release)) throw releaseNotVerified();

    const members = await this.d.screenGroups.membersOf(groupIds);
    const asked = unique([...screenIds, ...[...members.values()].flat()]);
    // Only screens that exist have facts: unknown ids drop out here.
    const [players, connected] = await Promise.all([this.d.screenDirectory.playersOf(asked), this.d.screenDirectory.connectedAmong(asked)]);
    if (!players.size) throw targetRequired('None of the chosen screens and groups has a screen.');
    const plan = planTargets(
      [...players].map(([screenId, p]) => ({
        screenId,
        platform: p.platform,
        versionCode: p.versionCode,
        androidSdk: p.androidSdk,
        connected: connected.has(screenId),
      })),
      { platform: release.platform, versionCode: release.versionCode, minimumSdk: release.android?.minimumSdk },
      input.canarySize ?? 0,
    );
    if (plan.targets.every((t) => t.state === 'incompatible')) {
      throw targetRequired(
        `None of the chosen screens can run this ${release.platform} release (another platform, or an Android version below its minimum SDK).`,
      );
    }
    const open = plan.targets.some((t) => !TERMINAL_STATES.includes(t.state));
    const repo = this.d.updateDeploymentsRepository;

    const id = await this.d.db.transaction(async (trx) => {
      const id = await repo.insert(
        {
          release_id: release.id,
          platform: release.platform,
          version_code: release.versionCode,
          version_name: release.versionName,
          artifact_size_bytes: release.artifact.sizeBytes,
          artifact_sha256: release.artifact.sha256,
          name,
          mode: input.mode,
          maintenance_window_start: window,
          rollout_mode: plan.canarySize > 0 ? 'canary' : 'full',
          rollout_phase: !open ? 'completed' : plan.canarySize > 0 ? 'canary' : 'full',
          canary_size: plan.canarySize,
          created_by: actor.userId,
        },
        open ? 'active' : 'completed',
        plan.targets,
        trx,
      );
      const sendable: TargetState[] = ['pending', 'offline'];
      const row = (await repo.byId(id, trx))!;
      await this.d.updateRollout.send(
        row,
        plan.targets.filter((t) => sendable.includes(t.state)).map((t) => t.screenId),
        trx,
      );
      await this.d.runningDeployments.changed(trx);
      this.d.consoleEvents.publish('update_deployment.changed', { deploymentId: id, status: row.status }, trx);
      await this.d.auditLog.record(
        {
          action: 'update_deployment.created',
          actor,
          ip,
          resourceType: 'update_deployment',
          resourceId: id,
          metadata: {
            name,
            releaseId: release.id,
            versionCode: release.versionCode,
            mode: input.mode,
            targets: plan.targets.length,
            canarySize: plan.canarySize,
          },
        },
        trx,
      );
      return id;
    });
    return { id, release };
  }

  /** Stops a running deployment: its open screens end as cancelled and their commands not yet run are withdrawn. */
  async cancel(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    const repo = this.d.updateDeploymentsRepository;
    await this.d.db.transaction(async (trx) => {
      const row = await repo.lock(id, trx);
      if (!row) throw deploymentNotFound();
      if (!RUNNING_STATUSES.includes(row.status)) throw deploymentFinished();
      await repo.setStatus(id, { status: 'cancelled' }, 'cancelled_at', trx);
      await repo.cancelTargets(id, trx);
      await this.d.screenCommands.cancelOwn(UPDATE_COMMAND, { deploymentId: id }, trx);
      await this.d.runningDeployments.changed(trx);
      this.d.consoleEvents.publish('update_deployment.changed', { deploymentId: id, status: 'cancelled' }, trx);
      await this.d.auditLog.record({ action: 'update_deployment.cancelled', actor, ip, resourceType: 'update_deployment', resourceId: id }, trx);
    });
  }

  /**
   * Sends a failed screen its update again. A deployment that had completed with that failure runs
   * again until the screen settles; a paused canary moves on once its canaries settle.
   */
  async retry(actor: ConsolePrincipal, id: string, screenId: string, ip: string): Promise<{ state: TargetState }> {
    const repo = this.d.updateDeploymentsRepository;
    return this.d.db.transaction(async (trx) => {
      const row = await repo.lock(id, trx);
      if (!row) throw deploymentNotFound();
      const state = (await this.d.screenDirectory.connectedAmong([screenId])).has(screenId) ? 'pending' : 'offline';
      if (row.status === 'cancelled' || !(await repo.restart(id, screenId, state, trx))) throw retryNotAllowed();
      if (row.status === 'completed') {
        await repo.setStatus(id, { status: 'active', rollout_phase: 'full', completed_at: null }, null, trx);
        await this.d.runningDeployments.changed(trx);
      }
      await this.d.updateRollout.send(row, [screenId], trx);
      this.d.consoleEvents.publish('update_deployment.changed', { deploymentId: id, status: row.status === 'completed' ? 'active' : row.status }, trx);
      await this.d.auditLog.record(
        { action: 'update_deployment.screen_retried', actor, ip, resourceType: 'update_deployment', resourceId: id, metadata: { screenId } },
        trx,
      );
      return { state };
    });
  }
}
