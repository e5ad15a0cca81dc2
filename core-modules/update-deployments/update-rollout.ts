import type { Knex } from 'knex';
import type { PlayerReport, DeploymentRow } from './update-deployments.repository.js';
import { nextStep, PLAYER_STATES, RUNNING_STATUSES, settlingVersion, type TargetState } from './update-deployment-rules.js';
import { deploymentNotFound, statusInvalid, targetClosed } from './update-deployment-errors.js';
import type { UpdateDeploymentsBaseDeps } from './update-deployments-base-deps.js';

type Deps = Pick<UpdateDeploymentsBaseDeps, 'db' | 'updateDeploymentsRepository' | 'screenCommands' | 'screenDirectory' | 'consoleEvents'>;

export const UPDATE_COMMAND = 'install_player_update';
/** As long as the reference keeps an update command: a screen away for a week still gets it. */
const COMMAND_EXPIRY_SECONDS = 7 * 24 * 60 * 60;
const MAX_ERROR = 240;
const CANARY_FAILED = 'A canary screen’s update failed.';

export interface StatusReport {
  state: string;
  downloadedBytes?: number;
  permissionStatus?: string;
  installerStatus?: string;
  error?: string;
}

const blankToNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * How a running deployment moves: the update command to its screens, what their players report,
 * the heartbeats that settle it, and the canary's pause and promotion. Every change locks the
 * deployment's row before its screens' rows (as the console's cancel and retry do), so two of them
 * never wait on each other.
 */
export class UpdateRollout {
  constructor(private readonly d: Deps) {}

  /** Queues the update command to these screens, in `trx` (players are told at its commit). */
  async send(row: DeploymentRow, screenIds: string[], trx: Knex.Transaction): Promise<void> {
    const payload = {
      deploymentId: row.id,
      releaseId: row.release_id,
      expectedVersionCode: row.version_code,
      expectedApkSha256: row.artifact_sha256,
      expectedArtifactSha256: row.artifact_sha256,
      installationMode: row.mode,
      ...(row.maintenance_window_start ? { maintenanceWindowStart: row.maintenance_window_start.toISOString() } : {}),
    };
    await this.d.screenCommands.queueOwn(
      UPDATE_COMMAND,
      screenIds.map((screenId) => ({ screenId, payload })),
      { createdBy: row.created_by, expiresInSeconds: COMMAND_EXPIRY_SECONDS },
      trx,
    );
  }

  /** What a player reports of its update (`POST /player/update-deployments/{id}/status`). */
  async report(screenId: string, deploymentId: string, body: StatusReport): Promise<{ state: TargetState }> {
    const state = body.state as TargetState;
    if (!PLAYER_STATES.includes(state)) throw statusInvalid(`A player reports one of: ${PLAYER_STATES.join(', ')}.`, 'body/state');
    const downloadedBytes = body.downloadedBytes ?? 0;
    if (downloadedBytes < 0) throw statusInvalid('downloadedBytes is not negative.', 'body/downloadedBytes');
    const error = blankToNull(body.error);
    if (error && error.length > MAX_ERROR) throw statusInvalid(`error has at most ${MAX_ERROR} characters.`, 'body/error');
    const report: PlayerReport = {
      state,
      downloadedBytes,
      permissionStatus: blankToNull(body.permissionStatus),
      installerStatus: blankToNull(body.installerStatus),
      error,
    };
    await this.d.db.transaction(async (trx) => {
      const repo = this.d.updateDeploymentsRepository;
      const row = await repo.lock(deploymentId, trx);
      if (!row || !(await repo.target(deploymentId, screenId, trx))) throw deploymentNotFound();
      if (!RUNNING_STATUSES.includes(row.status) || !(await repo.report(deploymentId, screenId, report, trx))) throw targetClosed();
      await this.advance(row, trx);
    });
    return { state };
  }

  /**
   * A heartbeat that proves the new build came up and stayed up settles the screen's open targets
   * at or below its version; their deployments move on. Most heartbeats settle nothing, and cost
   * one indexed read.
   */
  async settle(screenId: string, heartbeat: Record<string, unknown>): Promise<void> {
    const version = settlingVersion(heartbeat);
    const repo = this.d.updateDeploymentsRepository;
    if (version === undefined || !(await repo.settleableDeployments(screenId, version)).length) return;
    await this.d.db.transaction(async (trx) => {
      const rows = [];
      for (const id of (await repo.settleableDeployments(screenId, version, trx)).sort()) rows.push(await repo.lock(id, trx));
      await repo.settle(screenId, version, trx);
      for (const row of rows) if (row && RUNNING_STATUSES.includes(row.status)) await this.advance(row, trx);
    });
  }

  /**
   * Takes the (locked) deployment as far as its targets allow: pause on a failed canary, promote
   * past the canary (held screens get the command), complete when no target is open. Consoles are told.
   */
  async advance(row: DeploymentRow, trx: Knex.Transaction): Promise<DeploymentRow> {
    const repo = this.d.updateDeploymentsRepository;
    let current = row;
    for (;;) {
      const targets = await repo.targetsOf(current.id, trx);
      const step = nextStep(
        { status: current.status, rolloutPhase: current.rollout_phase },
        targets.map((t) => ({ state: t.state, isCanary: t.is_canary })),
      );
      if (!step) break;
      if (step === 'pause') {
        await repo.setStatus(current.id, { status: 'paused', rollout_phase: 'paused', pause_reason: CANARY_FAILED }, 'paused_at', trx);
      } else if (step === 'promote') {
        await repo.setStatus(current.id, { status: 'active', rollout_phase: 'full', pause_reason: null }, null, trx);
        const released = await repo.releaseHeld(current.id, (ids) => this.d.screenDirectory.connectedAmong(ids), trx);
        await this.send(current, released, trx);
      } else {
        await repo.setStatus(current.id, { status: 'completed', rollout_phase: 'completed' }, 'completed_at', trx);
      }
      current = (await repo.byId(current.id, trx))!;
    }
    this.d.consoleEvents.publish('update_deployment.changed', { deploymentId: current.id, status: current.status }, trx);
    return current;
  }
}
