import type { Knex } from 'knex';

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

  constructor({ db }: { db: Knex }) {
    this.db = db;
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

  byKey(screenId: string, key: string, trx: Knex.Transaction): Promise<CommandRow | undefined> {
    return trx<CommandRow>('player_commands').where({ screen_id: screenId, idempotency_key: key }).first();
  }

  /** Open commands across the fleet that have not run out of time. */
  async countOpenEverywhere(): Promise<number> {
    const row = await this.db('player_commands').whereIn('state', OPEN_STATES).where('expires_at', '>', this.db.fn.now()).count<{ n: string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async countOpen(screenId: string, trx: Knex | Knex.Transaction = this.db): Promise<number> {
    const row = await trx('player_commands').where({ screen_id: screenId }).whereIn('state', OPEN_STATES).count<{ n: string }[]>({ n: '*' }).first();
    return Number(row?.n ?? 0);
  }

  async insert(values: NewCommand, trx: Knex.Transaction): Promise<CommandRow> {
    const { expiresInSeconds, ...rest } = values;
    const [row] = await trx('player_commands')
      .insert({ ...rest, state: 'pending', expires_at: trx.raw('now() + make_interval(secs => ?)', [expiresInSeconds]) })
      .returning<CommandRow[]>('*');
    return row!;
  }

  /** Open commands past their expiry become `expired`; one screen's, or the whole fleet's. Returns how many. */
  async expireDue(screenId?: string, db: Knex = this.db): Promise<number> {
    const q = db('player_commands').whereIn('state', OPEN_STATES).where('expires_at', '<=', db.fn.now());
    if (screenId) q.where({ screen_id: screenId });
    return q.update({ state: 'expired', completed_at: db.fn.now() });
  }

  /** The console's view: newest first. */
  recent(screenId: string, limit: number): Promise<CommandRow[]> {
    return this.db<CommandRow>('player_commands').where({ screen_id: screenId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(limit);
  }

  /**
   * What the player should run, oldest first; fetching them is the delivery, so pending ones
   * become `delivered` in the same transaction.
   */
  async deliver(screenId: string): Promise<CommandRow[]> {
    return this.db.transaction(async (trx) => {
      await this.expireDue(screenId, trx);
      await trx('player_commands').where({ screen_id: screenId, state: 'pending' }).update({ state: 'delivered', delivered_at: trx.fn.now() });
      return trx<CommandRow>('player_commands')
        .where({ screen_id: screenId })
        .whereIn('state', OPEN_STATES)
        .orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }]);
    });
  }

  /** One screen's command, locked for the rest of `trx`; another screen's is simply not found. */
  lock(screenId: string, id: string, trx: Knex.Transaction): Promise<CommandRow | undefined> {
    return trx<CommandRow>('player_commands').where({ id, screen_id: screenId }).forUpdate().first();
  }

  /** Moves a locked command on; time columns are stamped with the database clock. */
  async update(
    id: string,
    values: { state: CommandState; result_code?: string | null; result_message?: string | null; stamp: 'delivered_at' | 'acknowledged_at' | 'completed_at' },
    trx: Knex.Transaction,
  ): Promise<CommandRow> {
    const { stamp, ...rest } = values;
    const [row] = await trx('player_commands').where({ id }).update({ ...rest, [stamp]: trx.fn.now() }).returning<CommandRow[]>('*');
    return row!;
  }

  /** Whether the locked command's expiry has passed, by the database clock. */
  async isPastExpiry(id: string, trx: Knex.Transaction): Promise<boolean> {
    return Boolean(await trx('player_commands').where({ id }).where('expires_at', '<=', trx.fn.now()).first('id'));
  }

  /** Removes finished commands older than `days`. Returns how many. */
  purgeCompleted(days: number): Promise<number> {
    return this.db('player_commands')
      .whereNotIn('state', OPEN_STATES)
      .where('created_at', '<', this.db.raw('now() - make_interval(days => ?)', [days]))
      .delete();
  }
}
