import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import {
  CLOSED_TO_PLAYER,
  RUNNING_STATUSES,
  STALLING_STATES,
  TERMINAL_STATES,
  type DeploymentStatus,
  type InstallationMode,
  type PlannedTarget,
  type RolloutPhase,
  type TargetState,
} from './update-deployment-rules.js';
import { DeploymentModel, DeploymentScreenModel } from './update-deployments.models.js';

export interface DeploymentRow {
  id: string;
  release_id: string;
  platform: 'android' | 'linux';
  version_code: number;
  version_name: string;
  artifact_size_bytes: string | number;
  artifact_sha256: string;
  name: string;
  mode: InstallationMode;
  maintenance_window_start: Date | null;
  status: DeploymentStatus;
  rollout_mode: 'full' | 'canary';
  rollout_phase: RolloutPhase;
  canary_size: number;
  pause_reason: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  paused_at: Date | null;
  cancelled_at: Date | null;
  completed_at: Date | null;
}

export interface TargetRow {
  deployment_id: string;
  screen_id: string;
  state: TargetState;
  is_canary: boolean;
  previous_version_code: number | null;
  expected_version_code: number;
  downloaded_bytes: string | number;
  permission_status: string | null;
  installer_status: string | null;
  safe_error: string | null;
  updated_at: Date;
  download_started_at: Date | null;
  downloaded_at: Date | null;
  install_started_at: Date | null;
  completed_at: Date | null;
}

export type DeploymentValues = Pick<
  DeploymentRow,
  | 'release_id'
  | 'platform'
  | 'version_code'
  | 'version_name'
  | 'artifact_size_bytes'
  | 'artifact_sha256'
  | 'name'
  | 'mode'
  | 'maintenance_window_start'
  | 'rollout_mode'
  | 'rollout_phase'
  | 'canary_size'
  | 'created_by'
>;

/** Per deployment: its screens, and how many updated, failed, wait for someone at the screen. */
export interface TargetCounts {
  total: number;
  succeeded: number;
  failed: number;
  waitingForUser: number;
  lastFailure: string | null;
}

/** A screen and the version code its player proved running. */
export interface RunningVersion {
  screenId: string;
  version: number;
}

export interface PlayerReport {
  state: TargetState;
  downloadedBytes: number;
  permissionStatus: string | null;
  installerStatus: string | null;
  error: string | null;
}

const TERMINAL = TERMINAL_STATES as string[];
const LIST_LIMIT = 100;
// Stamps a report moves forward once, the first time its state passes them.
const DOWNLOADED_ON = ['downloaded', 'verifying', 'ready', 'waiting_for_permission', 'waiting_for_user', 'installing', 'reconnecting'];

/** Update deployments and each screen's part in them. The only place that queries their tables. */
export class UpdateDeploymentsRepository {
  private readonly db: Knex;
  private readonly deployments: typeof DeploymentModel;
  private readonly targets: typeof DeploymentScreenModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
    this.deployments = DeploymentModel.bindKnex(db);
    this.targets = DeploymentScreenModel.bindKnex(db);
  }

  async insert(values: DeploymentValues, status: DeploymentStatus, targets: PlannedTarget[], trx: Knex.Transaction): Promise<string> {
    const row = (await this.deployments
      .query(trx)
      .insert({ ...values, status, completed_at: status === 'completed' ? new Date() : null })
      .returning('id')) as unknown as { id: string };
    await this.targets.query(trx).insert(
      targets.map((t) => ({
        deployment_id: row.id,
        screen_id: t.screenId,
        state: t.state,
        is_canary: t.isCanary,
        previous_version_code: t.previousVersionCode,
        expected_version_code: values.version_code,
        completed_at: TERMINAL.includes(t.state) ? new Date() : null,
      })),
    );
    return row.id;
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<DeploymentRow | undefined> {
    return (await this.deployments.query(trx).findById(id)) as DeploymentRow | undefined;
  }

  /** The deployment, locked until `trx` ends: one change of its rollout at a time. */
  async lock(id: string, trx: Knex.Transaction): Promise<DeploymentRow | undefined> {
    return (await this.deployments.query(trx).findById(id).forUpdate()) as DeploymentRow | undefined;
  }

  /** The newest first, at most 100 (as the reference's console lists them). */
  async recent(): Promise<DeploymentRow[]> {
    return (await this.deployments
      .query()
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
      .limit(LIST_LIMIT)) as DeploymentRow[];
  }

  async countsOf(ids: string[]): Promise<Map<string, TargetCounts>> {
    if (!ids.length) return new Map();
    const rows = (await this.db('update_deployment_screens')
      .whereIn('deployment_id', ids)
      .groupBy('deployment_id')
      .select(
        'deployment_id',
        this.db.raw('count(*)::int AS total'),
        this.db.raw(`count(*) FILTER (WHERE state = 'succeeded')::int AS succeeded`),
        this.db.raw(`count(*) FILTER (WHERE state = 'failed')::int AS failed`),
        this.db.raw(`count(*) FILTER (WHERE state IN ('waiting_for_permission', 'waiting_for_user'))::int AS "waitingForUser"`),
        this.db.raw(`max(safe_error) FILTER (WHERE state = 'failed') AS "lastFailure"`),
      )) as (TargetCounts & { deployment_id: string })[];
    return new Map(rows.map(({ deployment_id, ...counts }) => [deployment_id, counts]));
  }

  async targetsOf(id: string, trx?: Knex.Transaction): Promise<TargetRow[]> {
    return (await this.targets.query(trx).where('deployment_id', id).orderBy('screen_id')) as TargetRow[];
  }

  async target(id: string, screenId: string, trx?: Knex.Transaction): Promise<TargetRow | undefined> {
    return (await this.targets.query(trx).findById([id, screenId])) as TargetRow | undefined;
  }

  async setStatus(
    id: string,
    values: Partial<Pick<DeploymentRow, 'status' | 'rollout_phase' | 'pause_reason' | 'completed_at'>>,
    stamp: 'paused_at' | 'cancelled_at' | 'completed_at' | null,
    trx: Knex.Transaction,
  ): Promise<void> {
    await this.deployments
      .query(trx)
      .findById(id)
      .patch({ ...values, ...(stamp ? { [stamp]: new Date() } : {}), updated_at: new Date() } as never);
  }

  /** The deployment's targets still open end as `cancelled` (those that updated or never needed to keep their state). */
  async cancelTargets(id: string, trx: Knex.Transaction): Promise<void> {
    await this.targets
      .query(trx)
      .where('deployment_id', id)
      .whereNotIn('state', ['succeeded', 'already_current', 'incompatible'])
      .patch({ state: 'cancelled', completed_at: new Date(), updated_at: new Date() } as never);
  }

  /** Held targets get their turn: `pending` where the player is connected, `offline` otherwise. Answers the screens moved. */
  async releaseHeld(id: string, connected: (screens: string[]) => Promise<Set<string>>, trx: Knex.Transaction): Promise<string[]> {
    const held = (await this.targets.query(trx).where({ deployment_id: id, state: 'held' }).select('screen_id')).map((r) => r.screen_id);
    if (!held.length) return [];
    const online = await connected(held);
    for (const [state, screens] of [
      ['pending', held.filter((s) => online.has(s))],
      ['offline', held.filter((s) => !online.has(s))],
    ] as const) {
      if (screens.length)
        await this.targets
          .query(trx)
          .where('deployment_id', id)
          .whereIn('screen_id', screens)
          .patch({ state, updated_at: new Date() } as never);
    }
    return held;
  }

  /** A failed target starts over (its command is sent again). Answers whether it was failed. */
  async restart(id: string, screenId: string, pending: 'pending' | 'offline', trx: Knex.Transaction): Promise<boolean> {
    const moved = await this.targets
      .query(trx)
      .where({ deployment_id: id, screen_id: screenId, state: 'failed' })
      .patch({ state: pending, safe_error: null, downloaded_bytes: 0, completed_at: null, updated_at: new Date() } as never);
    return moved > 0;
  }

  /**
   * What the screen's player reported, unless its part is over or was never sent (those answer
   * false). Stamps the first download, the end of the download and the start of the install.
   */
  async report(id: string, screenId: string, r: PlayerReport, trx: Knex.Transaction): Promise<boolean> {
    const result = (await trx.raw(
      `UPDATE update_deployment_screens SET state = ?, downloaded_bytes = ?, permission_status = ?, installer_status = ?, safe_error = ?, updated_at = now(),
              download_started_at = CASE WHEN state_now = 'downloading' THEN coalesce(download_started_at, now()) ELSE download_started_at END,
              downloaded_at = CASE WHEN state_now = ANY(?::text[]) THEN coalesce(downloaded_at, now()) ELSE downloaded_at END,
              install_started_at = CASE WHEN state_now = 'installing' THEN coalesce(install_started_at, now()) ELSE install_started_at END,
              completed_at = CASE WHEN state_now = 'failed' THEN now() ELSE NULL END
         FROM (SELECT ?::text AS state_now) AS reported
        WHERE deployment_id = ? AND screen_id = ? AND state <> ALL(?::text[])`,
      [r.state, r.downloadedBytes, r.permissionStatus, r.installerStatus, r.error, DOWNLOADED_ON, r.state, id, screenId, CLOSED_TO_PLAYER],
    )) as { rowCount: number };
    return result.rowCount > 0;
  }

  /** The deployments in which one of the screens has an open target at or below the version it runs: what those settle. */
  async settleableDeployments(running: RunningVersion[], trx?: Knex.Transaction): Promise<string[]> {
    const { rows } = (await (trx ?? this.db).raw(
      `SELECT DISTINCT t.deployment_id FROM update_deployment_screens t
         JOIN unnest(?::uuid[], ?::int[]) AS r(screen_id, version) ON r.screen_id = t.screen_id AND t.expected_version_code <= r.version
        WHERE t.state <> ALL(?::text[])`,
      [running.map((r) => r.screenId), running.map((r) => r.version), TERMINAL],
    )) as { rows: { deployment_id: string }[] };
    return rows.map((r) => r.deployment_id);
  }

  /** The screens' open targets at or below the version each runs succeed. */
  async settle(running: RunningVersion[], trx: Knex.Transaction): Promise<void> {
    await trx.raw(
      `UPDATE update_deployment_screens t SET state = 'succeeded', completed_at = now(), updated_at = now()
         FROM unnest(?::uuid[], ?::int[]) AS r(screen_id, version)
        WHERE r.screen_id = t.screen_id AND t.expected_version_code <= r.version AND t.state <> ALL(?::text[])`,
      [running.map((r) => r.screenId), running.map((r) => r.version), TERMINAL],
    );
  }

  /** Whether any deployment is running. */
  async anyRunning(): Promise<boolean> {
    return Boolean(await this.deployments.query().whereIn('status', RUNNING_STATUSES).select('id').first());
  }

  /** The screens with an open target in a running deployment: those a reconciliation looks at. */
  async openScreens(): Promise<string[]> {
    const rows = await this.targets
      .query()
      .alias('t')
      .join('update_deployments as d', 'd.id', 't.deployment_id')
      .whereIn('d.status', RUNNING_STATUSES)
      .whereNotIn('t.state', TERMINAL)
      .distinct('t.screen_id');
    return rows.map((r) => r.screen_id);
  }

  /** Active deployments still in their canary whose canary has sat in `installing` or `reconnecting` since before `since`. */
  async stalledCanaries(since: Date): Promise<string[]> {
    const rows = await this.stalled(this.deployments.query(), since).select('id').orderBy('id');
    return rows.map((r) => r.id);
  }

  /** Pauses the deployment with `reason` if its canary (still) stalls as `stalledCanaries` finds; answers whether it did. */
  async pauseStalled(id: string, since: Date, reason: string, trx: Knex.Transaction): Promise<boolean> {
    const moved = await this.stalled(this.deployments.query(trx), since)
      .where('id', id)
      .patch({ status: 'paused', rollout_phase: 'paused', pause_reason: reason, paused_at: new Date(), updated_at: new Date() } as never);
    return moved > 0;
  }

  private stalled<Q extends ReturnType<typeof DeploymentModel.query>>(query: Q, since: Date): Q {
    return query
      .where({ status: 'active', rollout_phase: 'canary' })
      .whereExists(
        this.targets
          .query()
          .alias('t')
          .whereColumn('t.deployment_id', 'update_deployments.id')
          .where('t.is_canary', true)
          .whereIn('t.state', STALLING_STATES)
          .where('t.updated_at', '<', since),
      ) as Q;
  }

  /** Whether the screen may download the release: it has an open part in a running deployment of it. */
  async isTargeted(releaseId: string, screenId: string): Promise<boolean> {
    const row = await this.targets
      .query()
      .alias('t')
      .join('update_deployments as d', 'd.id', 't.deployment_id')
      .where('t.screen_id', screenId)
      .where('d.release_id', releaseId)
      .whereIn('d.status', RUNNING_STATUSES)
      .whereNotIn('t.state', ['cancelled', 'incompatible'])
      .select('t.screen_id')
      .first();
    return Boolean(row);
  }

  /** Whether a running deployment names the release. */
  async holdsRelease(releaseId: string, trx?: Knex.Transaction): Promise<boolean> {
    return Boolean(await this.deployments.query(trx).where('release_id', releaseId).whereIn('status', RUNNING_STATUSES).select('id').first());
  }
}
