import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';

const MONITOR = 'emergency_alerts_monitor';
const RULES = 'emergency_alerts_rules';
const ACTIVATIONS = 'emergency_alerts_activations';

export interface MonitorRow {
  enabled: boolean;
  areas: string[];
  zones: string[];
  poll_interval_seconds: number;
  last_polled_at: Date | null;
  last_success_at: Date | null;
  last_error_code: string | null;
  last_matched_count: number;
  updated_at: Date;
}

export interface RuleRow {
  id: string;
  name: string;
  enabled: boolean;
  event_names: string[];
  minimum_severity: string;
  minimum_urgency: string;
  response_mode: 'takeover' | 'ticker';
  presentation_mode: 'builtin' | 'playlist';
  playlist_id: string | null;
  ticker_display_mode: string;
  ticker_height_px: number;
  ticker_speed: string;
  maximum_duration_minutes: number;
  screen_ids: string[];
  group_ids: string[];
  /** A built-in presentation's pieces (a takeover rule's, presentation `builtin`), null otherwise. */
  managed_data_source_id: string | null;
  managed_widget_id: string | null;
  managed_playlist_id: string | null;
  created_at: Date;
  updated_at: Date;
}
export type ManagedIds = Pick<RuleRow, 'managed_data_source_id' | 'managed_widget_id' | 'managed_playlist_id'>;
export type RuleValues = Omit<RuleRow, 'id' | 'created_at' | 'updated_at' | keyof ManagedIds>;

/** What an activation shows: compared with the feed's alert to tell an update. */
export interface ShownAlert {
  event: string;
  headline: string;
  description: string;
  instruction: string;
  severity: string;
  urgency: string;
  certainty: string;
  area_description: string;
  sender: string;
  expires_at: Date;
}

export interface ActivationRow extends ShownAlert {
  alert_id: string;
  rule_id: string;
  response_mode: 'takeover' | 'ticker';
  takeover_id: string | null;
  first_seen_at: Date;
  last_seen_at: Date;
  cleared_at: Date | null;
  clear_reason: string | null;
}

export type HealthValues = Pick<MonitorRow, 'last_polled_at'> & Partial<Pick<MonitorRow, 'last_success_at' | 'last_error_code' | 'last_matched_count'>>;

const BATCH = 500;

/** The weather alert tables. Every write takes the caller's transaction where it has one. */
export class AlertsRepository {
  constructor(private readonly d: Pick<KernelDeps, 'db'>) {}

  private q(trx?: Knex.Transaction) {
    return trx ?? this.d.db;
  }

  /** The monitor; with `lock`, held until `trx` ends (polls apply one at a time). */
  async monitor(trx?: Knex.Transaction, lock = false): Promise<MonitorRow> {
    const query = this.q(trx)(MONITOR).first();
    return (await (lock ? query.forUpdate() : query)) as MonitorRow;
  }

  async saveMonitor(values: Pick<MonitorRow, 'enabled' | 'areas' | 'zones' | 'poll_interval_seconds'>, trx: Knex.Transaction): Promise<MonitorRow> {
    const [row] = await trx(MONITOR)
      .update({ ...values, updated_at: trx.fn.now() })
      .returning('*');
    return row as MonitorRow;
  }

  /**
   * Takes the next scheduled poll when it is due: one process wins, the others see it taken until
   * the interval has passed again.
   */
  async claimScheduledPoll(): Promise<boolean> {
    const taken = await this.d
      .db(MONITOR)
      .where({ enabled: true })
      .andWhere((q) => q.whereNull('last_polled_at').orWhereRaw("last_polled_at <= now() - poll_interval_seconds * interval '1 second' + interval '5 seconds'"))
      .update({ last_polled_at: this.d.db.fn.now() });
    return taken === 1;
  }

  async recordHealth(values: HealthValues, trx?: Knex.Transaction): Promise<void> {
    await this.q(trx)(MONITOR).update(values);
  }

  /** The rules; with `lock`, none can change or go until `trx` ends (a poll acts on them). */
  async rules(trx?: Knex.Transaction, lock = false): Promise<RuleRow[]> {
    const query = this.q(trx)(RULES)
      .select('*')
      .orderBy([{ column: 'name' }, { column: 'id' }]);
    return lock ? query.forShare() : query;
  }

  async rule(id: string, trx?: Knex.Transaction, lock = false): Promise<RuleRow | undefined> {
    const query = this.q(trx)(RULES).where({ id }).first();
    return (await (lock ? query.forUpdate() : query)) as RuleRow | undefined;
  }

  rulesShowing(playlistId: string, trx: Knex.Transaction): Promise<Pick<RuleRow, 'id' | 'name'>[]> {
    return trx(RULES).where({ playlist_id: playlistId }).select('id', 'name');
  }

  /** Whether the playlist is a rule's built-in presentation. */
  async isManagedPlaylist(playlistId: string, trx: Knex.Transaction): Promise<boolean> {
    return Boolean(await trx(RULES).where({ managed_playlist_id: playlistId }).first('id'));
  }

  async countRules(): Promise<number> {
    const row = (await this.d.db(RULES).count<{ count: string }[]>('* as count'))[0];
    return Number(row?.count ?? 0);
  }

  async insertRule(values: RuleValues & ManagedIds, trx: Knex.Transaction): Promise<RuleRow> {
    const [row] = await trx(RULES).insert(values).returning('*');
    return row as RuleRow;
  }

  async updateRule(id: string, values: RuleValues & ManagedIds, trx: Knex.Transaction): Promise<RuleRow> {
    const [row] = await trx(RULES)
      .where({ id })
      .update({ ...values, updated_at: trx.fn.now() })
      .returning('*');
    return row as RuleRow;
  }

  async deleteRule(id: string, trx: Knex.Transaction): Promise<void> {
    await trx(RULES).where({ id }).delete();
  }

  /** The live activations, of one rule or all. */
  liveActivations(trx?: Knex.Transaction, ruleId?: string): Promise<ActivationRow[]> {
    const query = this.q(trx)(ACTIVATIONS).whereNull('cleared_at');
    return ruleId ? query.where({ rule_id: ruleId }) : query;
  }

  /** The live activations of the rule whose built-in presentation shows this source. */
  liveActivationsShownBy(sourceId: string): Promise<ActivationRow[]> {
    return this.d
      .db(`${ACTIVATIONS} as a`)
      .join(`${RULES} as r`, 'r.id', 'a.rule_id')
      .where('r.managed_data_source_id', sourceId)
      .whereNull('a.cleared_at')
      .select('a.*');
  }

  /** The activations that ended as `expired` for these alerts: a rule's ceiling is not raised again. */
  async expiredKeys(alertIds: string[], trx: Knex.Transaction): Promise<Set<string>> {
    const keys = new Set<string>();
    for (let i = 0; i < alertIds.length; i += BATCH) {
      const rows: { alert_id: string; rule_id: string }[] = await trx(ACTIVATIONS)
        .whereIn('alert_id', alertIds.slice(i, i + BATCH))
        .where({ clear_reason: 'expired' })
        .select('alert_id', 'rule_id');
      for (const r of rows) keys.add(activationKey(r.alert_id, r.rule_id));
    }
    return keys;
  }

  /** New activations; an ended one of the same (alert, rule) starts again. */
  async upsertActivations(rows: Omit<ActivationRow, 'cleared_at' | 'clear_reason'>[], trx: Knex.Transaction): Promise<void> {
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx(ACTIVATIONS)
        .insert(rows.slice(i, i + BATCH).map((r) => ({ ...r, cleared_at: null, clear_reason: null })))
        .onConflict(['alert_id', 'rule_id'])
        .merge();
    }
  }

  async updateActivation(alertId: string, ruleId: string, values: Partial<ActivationRow>, trx: Knex.Transaction): Promise<void> {
    await trx(ACTIVATIONS).where({ alert_id: alertId, rule_id: ruleId }).update(values);
  }

  /** An update carries a new alert id: the activation follows it. */
  async renameActivation(fromAlertId: string, toAlertId: string, ruleId: string, trx: Knex.Transaction): Promise<void> {
    await trx(ACTIVATIONS).where({ alert_id: toAlertId, rule_id: ruleId }).whereNotNull('cleared_at').delete();
    await trx(ACTIVATIONS).where({ alert_id: fromAlertId, rule_id: ruleId }).update({ alert_id: toAlertId });
  }

  async touchActivations(keys: { alert_id: string; rule_id: string }[], at: Date, trx: Knex.Transaction): Promise<void> {
    for (let i = 0; i < keys.length; i += BATCH) {
      const slice = keys.slice(i, i + BATCH);
      await trx.raw(
        `UPDATE ${ACTIVATIONS} a SET last_seen_at = ? FROM unnest(?::text[], ?::uuid[]) AS k(alert_id, rule_id)
         WHERE a.alert_id = k.alert_id AND a.rule_id = k.rule_id`,
        [at, slice.map((k) => k.alert_id), slice.map((k) => k.rule_id)],
      );
    }
  }

  async clearActivations(keys: { alert_id: string; rule_id: string }[], reason: string, at: Date, trx: Knex.Transaction): Promise<void> {
    for (let i = 0; i < keys.length; i += BATCH) {
      const slice = keys.slice(i, i + BATCH);
      await trx.raw(
        `UPDATE ${ACTIVATIONS} a SET cleared_at = ?, clear_reason = ? FROM unnest(?::text[], ?::uuid[]) AS k(alert_id, rule_id)
         WHERE a.alert_id = k.alert_id AND a.rule_id = k.rule_id AND a.cleared_at IS NULL`,
        [at, reason, slice.map((k) => k.alert_id), slice.map((k) => k.rule_id)],
      );
    }
  }

  /** The live activations with their rule's name, newest first. */
  overview(limit: number): Promise<(ActivationRow & { rule_name: string })[]> {
    return this.d
      .db(`${ACTIVATIONS} as a`)
      .join(`${RULES} as r`, 'r.id', 'a.rule_id')
      .whereNull('a.cleared_at')
      .select('a.*', 'r.name as rule_name')
      .orderBy([{ column: 'a.first_seen_at', order: 'desc' }, { column: 'a.alert_id' }])
      .limit(limit);
  }

  /**
   * The bar each enabled ticker rule shows now: of its live, unexpired activations the most severe,
   * then the first seen.
   */
  tickers(): Promise<(ActivationRow & Pick<RuleRow, 'name' | 'ticker_display_mode' | 'ticker_height_px' | 'ticker_speed' | 'screen_ids' | 'group_ids'>)[]> {
    return this.d.db
      .select('*')
      .from(
        this.d
          .db(`${ACTIVATIONS} as a`)
          .join(`${RULES} as r`, 'r.id', 'a.rule_id')
          .whereNull('a.cleared_at')
          .andWhere('r.enabled', true)
          .andWhere('r.response_mode', 'ticker')
          .andWhere('a.expires_at', '>', this.d.db.fn.now())
          .distinctOn('a.rule_id')
          .select('a.*', 'r.name', 'r.ticker_display_mode', 'r.ticker_height_px', 'r.ticker_speed', 'r.screen_ids', 'r.group_ids')
          .orderByRaw(
            "a.rule_id, CASE a.severity WHEN 'Extreme' THEN 4 WHEN 'Severe' THEN 3 WHEN 'Moderate' THEN 2 WHEN 'Minor' THEN 1 ELSE 0 END DESC, a.first_seen_at, a.alert_id",
          )
          .as('t'),
      );
  }
}

export const activationKey = (alertId: string, ruleId: string) => `${ruleId}\u0000${alertId}`;
