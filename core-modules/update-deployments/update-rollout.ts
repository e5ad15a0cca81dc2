import type { Knex } from 'knex';
import type { DeploymentRow, PlayerReport, RunningVersion } from './update-deployments.repository.js';
import {
  CANARY_STALL_SECONDS,
  nextStep,
  PLAYER_STATES,
  RECONCILE_CONTACT_SECONDS,
  RUNNING_STATUSES,
  settlingVersion,
  type TargetState,
} from './update-deployment-rules.js';
import type { RunningDeployments } from './running-deployments.js';
import { deploymentNotFound, statusInvalid, targetClosed } from './update-deployment-errors.js';
import type { UpdateDeploymentsBaseDeps } from './update-deployments-base-deps.js';

type Deps = Pick<UpdateDeploymentsBaseDeps, 'db' | 'updateDeploymentsRepository' | 'screenCommands' | 'screenDirectory' | 'consoleEvents'> & {
  runningDeployments: RunningDeployments;
};

export const UPDATE_COMMAND = 'install_player_update';
/** As long as the reference keeps an update command: a screen away for a week still gets it. */
const COMMAND_EXPIRY_SECONDS = 7 * 24 * 60 * 60;
const MAX_ERROR = 240;
const CANARY_FAILED = 'A canary screen’s update failed.';
const CANARY_STALLED = 'A canary screen did not come back on the new build within ten minutes.';

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
   * at or below its version; their deployments move on. While no deployment runs (the usual case)
   * this asks nothing of the database; otherwise most heartbeats settle nothing and cost one indexed read.
   */
  async settle(screenId: string, heartbeat: Record<string, unknown>): Promise<void> {
    const version = settlingVersion(heartbeat);
    if (version === undefined || !(await this.d.runningDeployments.any())) return;
    await this.settleAll([{ screenId, version }]);
  }

  /**
   * What a console's read of deployments runs first (as the reference does): settles the open
   * targets of screens whose last heartbeat, at most five minutes old, settles them (one that
   * arrived while this process still thought no deployment ran, or went over the socket and was
   * lost), then pauses a canary rollout whose canary has sat in `installing` or `reconnecting` for
   * ten minutes: it never came back on the new build, and the held screens should not follow it.
   * Settling goes first, so a canary that did come back is not paused for not coming back.
   */
  async reconcile(): Promise<void> {
    if (!(await this.d.runningDeployments.any())) return;
    const repo = this.d.updateDeploymentsRepository;
    const heartbeats = await this.d.screenDirectory.recentHeartbeats(await repo.openScreens(), RECONCILE_CONTACT_SECONDS);
    const running: RunningVersion[] = [];
    for (const [screenId, heartbeat] of heartbeats) {
      const version = settlingVersion(heartbeat);
      if (version !== undefined) running.push({ screenId, version });
    }
    await this.settleAll(running);
    const since = new Date(Date.now() - CANARY_STALL_SECONDS * 1000);
    for (const id of await repo.stalledCanaries(since)) {
      await this.d.db.transaction(async (trx) => {
        if (!(await repo.pauseStalled(id, since, CANARY_STALLED, trx))) return;
        await this.d.runningDeployments.changed(trx);
        this.d.consoleEvents.publish('update_deployment.changed', { deploymentId: id, status: 'paused' }, trx);
      });
    }
  }

  private async settleAll(running: RunningVersion[]): Promise<void> {
    const repo = this.d.updateDeploymentsRepository;
    if (!running.length || !(await repo.settleableDeployments(running)).length) return;
    await this.d.db.transaction(async (trx) => {
      const rows = [];
      for (const id of (await repo.settleableDeployments(running, trx)).sort()) rows.push(await repo.lock(id, trx));
      await repo.settle(running, trx);
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
    let moved = false;
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
      moved = true;
    }
    if (moved) await this.d.runningDeployments.changed(trx);
    this.d.consoleEvents.publish('update_deployment.changed', { deploymentId: current.id, status: current.status }, trx);
    return current;
  }
}
