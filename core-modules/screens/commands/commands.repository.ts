import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { CommandModel } from '../screens.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

export type CommandState = 'pending' | 'delivered' | 'acknowledged' | 'succeeded' | 'failed' | 'cancelled' | 'expired';

/** Still waiting for the player: these count towards the per-screen cap and can expire or be cancelled. */
export const OPEN_STATES: CommandState[] = ['pending', 'delivered', 'acknowledged'];

export interface CommandRow {
  id: string;
  screen_id: string;
  type: string;
  payload: Record<string, unknown>;
  idempotency_key: string | null;
  state: CommandState;
  created_by: string | null;
  created_at: Date;
  expires_at: Date;
  delivered_at: Date | null;
  acknowledged_at: Date | null;
  completed_at: Date | null;
  result_code: string | null;
  result_message: string | null;
}

export interface NewCommand {
  screen_id: string;
  type: string;
  payload: Record<string, unknown>;
  idempotency_key: string | null;
  created_by: string | null;
  expiresInSeconds: number;
}

/** The player_commands table. The only place that queries it. */
export class CommandsRepository {
  private readonly db: Knex;
  private readonly commands: typeof CommandModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
    this.commands = CommandModel.bindKnex(db);
  }

  /**
   * Locks the screen's row for the rest of `trx`, so concurrent enqueues for one screen take turns
   * and the cap and idempotency checks cannot both pass for two racing requests. FOR NO KEY UPDATE
   * still lets other tables insert rows that reference the screen.
   */
  async lockScreen(screenId: string, trx: Knex.Transaction): Promise<{ enabled: boolean; has_active_credential: boolean } | undefined> {
    const { rows } = await trx.raw<{ rows: { enabled: boolean; has_active_credential: boolean }[] }>(
      `SELECT s.enabled, EXISTS (SELECT 1 FROM screen_credentials c WHERE c.screen_id = s.id AND c.revoked_at IS NULL) AS has_active_credential
       FROM screens s WHERE s.id = ? FOR NO KEY UPDATE OF s`,
      [screenId],
    );
    return rows[0];
  }

  async byKey(screenId: string, key: string, trx: Knex.Transaction): Promise<CommandRow | undefined> {
    return this.commands.query(trx).findOne({ screen_id: screenId, idempotency_key: key });
  }

  /** Open commands across the fleet that have not run out of time. */
  async countOpenEverywhere(): Promise<number> {
    return this.commands.query().whereIn('state', OPEN_STATES).where('expires_at', '>', fn.now()).resultSize();
  }

  async countOpen(screenId: string, trx?: Knex.Transaction): Promise<number> {
    return this.commands.query(trx).where({ screen_id: screenId }).whereIn('state', OPEN_STATES).resultSize();
  }

  async insert(values: NewCommand, trx: Knex.Transaction): Promise<CommandRow> {
    const { expiresInSeconds, ...rest } = values;
    return this.commands
      .query(trx)
      .insert({ ...rest, state: 'pending', expires_at: raw('now() + make_interval(secs => ?)', [expiresInSeconds]) })
      .returning('*');
  }

  /** Open commands past their expiry become `expired`; one screen's, or the whole fleet's. Returns how many. */
  async expireDue(screenId?: string, trx?: Knex.Transaction): Promise<number> {
    const q = this.commands.query(trx).whereIn('state', OPEN_STATES).where('expires_at', '<=', fn.now());
    if (screenId) q.where({ screen_id: screenId });
    return q.patch({ state: 'expired', completed_at: fn.now() });
  }

  /** The console's view: newest first. */
  async recent(screenId: string, limit: number): Promise<CommandRow[]> {
    return this.commands
      .query()
      .where({ screen_id: screenId })
      .orderBy([
        { column: 'created_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
  }

  /**
   * What the player should run, oldest first; fetching them is the delivery, so pending ones
   * become `delivered` in the same transaction.
   */
  async deliver(screenId: string): Promise<CommandRow[]> {
    return this.db.transaction(async (trx) => {
      await this.expireDue(screenId, trx);
      await this.commands.query(trx).where({ screen_id: screenId, state: 'pending' }).patch({ state: 'delivered', delivered_at: fn.now() });
      return this.commands
        .query(trx)
        .where({ screen_id: screenId })
        .whereIn('state', OPEN_STATES)
        .orderBy([
          { column: 'created_at', order: 'asc' },
          { column: 'id', order: 'asc' },
        ]);
    });
  }

  /** One screen's command, locked for the rest of `trx`; another screen's is simply not found. */
  async lock(screenId: string, id: string, trx: Knex.Transaction): Promise<CommandRow | undefined> {
    return this.commands.query(trx).findOne({ id, screen_id: screenId }).forUpdate();
  }

  /** Moves a locked command on; time columns are stamped with the database clock. */
  async update(
    id: string,
    values: { state: CommandState; result_code?: string | null; result_message?: string | null; stamp: 'delivered_at' | 'acknowledged_at' | 'completed_at' },
    trx: Knex.Transaction,
  ): Promise<CommandRow> {
    const { stamp, ...rest } = values;
    const row = await this.commands
      .query(trx)
      .where({ id })
      .patch({ ...rest, [stamp]: fn.now() })
      .returning('*')
      .first();
    return row!;
  }

  /** Whether the locked command's expiry has passed, by the database clock. */
  async isPastExpiry(id: string, trx: Knex.Transaction): Promise<boolean> {
    return Boolean(await this.commands.query(trx).findById(id).where('expires_at', '<=', fn.now()).select('id'));
  }

  /** Open commands of `type` whose payload holds `match` become `cancelled`. Answers their screens, once each. */
  async cancelOpenMatching(type: string, match: Record<string, string>, trx: Knex.Transaction): Promise<string[]> {
    const rows = (await this.commands
      .query(trx)
      .where({ type })
      .whereIn('state', OPEN_STATES)
      .whereRaw('payload @> ?::jsonb', [JSON.stringify(match)])
      .patch({ state: 'cancelled', completed_at: fn.now() })
      .returning('screen_id')) as unknown as { screen_id: string }[];
    return [...new Set(rows.map((r) => r.screen_id))];
  }

  /** Removes finished commands older than `days`. Returns how many. */
  async purgeCompleted(days: number): Promise<number> {
    return this.commands
      .query()
      .whereNotIn('state', OPEN_STATES)
      .where('created_at', '<', raw('now() - make_interval(days => ?)', [days]))
      .delete();
  }
}
