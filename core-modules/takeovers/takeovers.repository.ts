import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { ENDED_STATES, type ScreenState, type TakeoverStatus } from './takeover-states.js';
import { TakeoverModel, TakeoverScreenStateModel, TakeoverTargetModel } from './takeovers.models.js';

export interface TakeoverRow {
  id: string;
  name: string;
  description: string;
  playlist_id: string;
  status: TakeoverStatus;
  origin_kind: string;
  origin_ref: string | null;
  created_by: string | null;
  activated_at: Date;
  expires_at: Date;
  ended_at: Date | null;
  cancellation_reason: string;
  created_at: Date;
  updated_at: Date;
}

export interface TakeoverTargetRow {
  takeover_id: string;
  target_type: 'screen' | 'group';
  target_id: string;
}

export interface ScreenStateRow {
  takeover_id: string;
  screen_id: string;
  state: ScreenState;
  manifest_version: string | number;
  preparation_progress: number | null;
  failure_code: string | null;
  failure_message: string | null;
  last_updated_at: Date;
  prepared_at: Date | null;
  activated_at: Date | null;
  restored_at: Date | null;
}

export type TakeoverValues = Pick<
  TakeoverRow,
  'name' | 'description' | 'playlist_id' | 'origin_kind' | 'origin_ref' | 'created_by' | 'activated_at' | 'expires_at'
>;

/** Per takeover: how many screens it took, and how many are active, on their way, failed. */
export interface StateCounts {
  affected: number;
  active: number;
  preparing: number;
  failed: number;
}

/** The takeover holding a screen (the newest active one with the screen still in hand). */
export interface Holding {
  screen_id: string;
  takeover_id: string;
  expires_at: Date;
}

const ENDED = ENDED_STATES as string[];
const LIST_LIMIT = 100;

/** The takeovers, the targets they were asked for and the screens they took. */
export class TakeoversRepository {
  private readonly db: Knex;
  private readonly takeovers: typeof TakeoverModel;
  private readonly states: typeof TakeoverScreenStateModel;
  private readonly targets: typeof TakeoverTargetModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
    this.takeovers = TakeoverModel.bindKnex(db);
    this.states = TakeoverScreenStateModel.bindKnex(db);
    this.targets = TakeoverTargetModel.bindKnex(db);
  }

  async insert(values: TakeoverValues, targets: { type: 'screen' | 'group'; id: string }[], trx: Knex.Transaction): Promise<string> {
    const row = await this.takeovers
      .query(trx)
      .insert({ ...values, status: 'active' })
      .returning('id')
      .castTo<{ id: string }>();
    const id = (row as unknown as { id: string }).id;
    if (targets.length) await this.targets.query(trx).insert(targets.map((t) => ({ takeover_id: id, target_type: t.type, target_id: t.id })));
    return id;
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<TakeoverRow | undefined> {
    return (await this.takeovers.query(trx).findById(id)) as TakeoverRow | undefined;
  }

  /** The takeover, locked for update until `trx` ends, if it is still active. */
  async lockActive(id: string, trx: Knex.Transaction): Promise<TakeoverRow | undefined> {
    return (await this.takeovers.query(trx).findById(id).where('status', 'active').forUpdate()) as TakeoverRow | undefined;
  }

  /** Those of `ids` still active. */
  async activeAmong(ids: string[], trx?: Knex.Transaction): Promise<string[]> {
    if (!ids.length) return [];
    return (await this.takeovers.query(trx).whereIn('id', ids).where('status', 'active').select('id')).map((r) => r.id);
  }

  /** The newest first, at most 100 (as the reference's console lists them). */
  async recent(): Promise<TakeoverRow[]> {
    return (await this.takeovers
      .query()
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
      .limit(LIST_LIMIT)) as TakeoverRow[];
  }

  async countsOf(ids: string[]): Promise<Map<string, StateCounts>> {
    if (!ids.length) return new Map();
    const rows = (await this.db('takeover_screen_states')
      .whereIn('takeover_id', ids)
      .groupBy('takeover_id')
      .select(
        'takeover_id',
        this.db.raw('count(*)::int AS affected'),
        this.db.raw(`count(*) FILTER (WHERE state = 'active')::int AS active`),
        this.db.raw(`count(*) FILTER (WHERE state IN ('pending', 'notified', 'preparing', 'ready'))::int AS preparing`),
        this.db.raw(`count(*) FILTER (WHERE state = 'failed')::int AS failed`),
      )) as (StateCounts & { takeover_id: string })[];
    return new Map(rows.map(({ takeover_id, ...counts }) => [takeover_id, counts]));
  }

  async statesOf(id: string): Promise<ScreenStateRow[]> {
    return (await this.states.query().where('takeover_id', id).orderBy('screen_id')) as ScreenStateRow[];
  }

  /** The screens these takeovers still hold. */
  async holdingScreens(ids: string[], trx?: Knex.Transaction): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.states.query(trx).whereIn('takeover_id', ids).whereNotIn('state', ENDED).distinct('screen_id');
    return rows.map((r) => r.screen_id);
  }

  /**
   * These screens leave the active takeovers (other than `except`) holding them, as `restored`;
   * answers those takeovers, with whether they still hold any screen.
   */
  async release(screenIds: string[], except: string, trx: Knex.Transaction): Promise<{ takeoverId: string; holdsOthers: boolean }[]> {
    const released = (await this.db
      .raw(
        `UPDATE takeover_screen_states s SET state = 'restored', restored_at = now(), last_updated_at = now()
           FROM takeovers t
          WHERE t.id = s.takeover_id AND t.status = 'active' AND t.id <> ? AND s.screen_id = ANY(?::uuid[]) AND s.state NOT IN ('restored', 'expired', 'cancelled')
          RETURNING s.takeover_id`,
        [except, screenIds],
      )
      .transacting(trx)) as { rows: { takeover_id: string }[] };
    const ids = [...new Set(released.rows.map((r) => r.takeover_id))];
    if (!ids.length) return [];
    const holding = new Set(
      (await this.states.query(trx).whereIn('takeover_id', ids).whereNotIn('state', ENDED).distinct('takeover_id')).map((r) => r.takeover_id),
    );
    return ids.map((takeoverId) => ({ takeoverId, holdsOthers: holding.has(takeoverId) }));
  }

  /** A state per screen: `notified` for those `connected` (told at the commit), `offline` for the others. One statement, however many. */
  async insertStates(takeoverId: string, versions: Map<string, number>, connected: Set<string>, trx: Knex.Transaction): Promise<void> {
    const screens = [...versions.keys()];
    await this.db
      .raw(
        `INSERT INTO takeover_screen_states (takeover_id, screen_id, manifest_version, state)
         SELECT ?, s, v, st FROM unnest(?::uuid[], ?::bigint[], ?::text[]) AS t(s, v, st)`,
        [takeoverId, screens, screens.map((id) => versions.get(id)!), screens.map((id) => (connected.has(id) ? 'notified' : 'offline'))],
      )
      .transacting(trx);
  }

  /** Ends the takeover with `status`; its screens still held get the same end as their state. Answers those screens. */
  async end(ids: string[], status: 'cancelled' | 'expired', reason: string, trx: Knex.Transaction): Promise<string[]> {
    if (!ids.length) return [];
    await this.takeovers
      .query(trx)
      .whereIn('id', ids)
      .where('status', 'active')
      .patch({ status, ended_at: new Date(), cancellation_reason: reason, updated_at: new Date() } as never);
    const rows = (await this.db('takeover_screen_states')
      .whereIn('takeover_id', ids)
      .whereNotIn('state', ENDED)
      .update({ state: status, restored_at: this.db.fn.now(), last_updated_at: this.db.fn.now() })
      .returning('screen_id')
      .transacting(trx)) as { screen_id: string }[];
    return [...new Set(rows.map((r) => r.screen_id))];
  }

  /** Takes the active takeovers whose time is up, locking them (another process's run skips them). */
  async lockDue(trx: Knex.Transaction): Promise<TakeoverRow[]> {
    return (await this.takeovers.query(trx).where('status', 'active').where('expires_at', '<=', new Date()).forUpdate().skipLocked()) as TakeoverRow[];
  }

  async setExpiry(id: string, expiresAt: Date, trx: Knex.Transaction): Promise<void> {
    await this.takeovers
      .query(trx)
      .findById(id)
      .patch({ expires_at: expiresAt, updated_at: new Date() } as never);
  }

  /** For each of these screens held by an active, unexpired takeover: the newest such. */
  async holding(screenIds: string[], trx?: Knex.Transaction): Promise<Holding[]> {
    if (!screenIds.length) return [];
    const result = (await (trx ?? this.db).raw(
      `SELECT DISTINCT ON (s.screen_id) s.screen_id, t.id AS takeover_id, t.expires_at
         FROM takeover_screen_states s JOIN takeovers t ON t.id = s.takeover_id
        WHERE s.screen_id = ANY(?::uuid[]) AND s.state NOT IN ('restored', 'expired', 'cancelled')
          AND t.status = 'active' AND t.expires_at > now()
        ORDER BY s.screen_id, t.activated_at DESC, t.id DESC`,
      [screenIds],
    )) as { rows: Holding[] };
    return result.rows;
  }

  /**
   * What a player reported of its part in the takeover; answers whether the state moved. A screen
   * the takeover no longer holds keeps its end.
   */
  async report(takeoverId: string, screenId: string, state: ScreenState, progress: number | undefined): Promise<boolean> {
    const result = (await this.db.raw(
      `UPDATE takeover_screen_states SET state = ?, last_updated_at = now(),
              preparation_progress = coalesce(?::int, preparation_progress),
              prepared_at = CASE WHEN ? IN ('ready', 'active') THEN coalesce(prepared_at, now()) ELSE prepared_at END,
              activated_at = CASE WHEN ? = 'active' THEN coalesce(activated_at, now()) ELSE activated_at END
        WHERE takeover_id = ? AND screen_id = ? AND state NOT IN ('restored', 'expired', 'cancelled')
          AND (state <> ? OR preparation_progress IS DISTINCT FROM coalesce(?::int, preparation_progress))`,
      [state, progress ?? null, state, state, takeoverId, screenId, state, progress ?? null],
    )) as { rowCount: number };
    return result.rowCount > 0;
  }

  /** The takeovers playing these playlists that are still active. */
  async activeUsing(playlistIds: string[], trx?: Knex.Transaction): Promise<TakeoverRow[]> {
    if (!playlistIds.length) return [];
    return (await this.takeovers.query(trx).whereIn('playlist_id', playlistIds).where('status', 'active')) as TakeoverRow[];
  }
}
