import type { Knex } from 'knex';
import type { TableModel } from '../../kernel/db/table-model.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { ConfigStateModel, ManifestStateModel } from './player.models.js';

export interface RecordedState {
  /** The manifest version or config revision now stored for the screen. */
  version: number;
  /** True when this call moved it (first record, or a different content hash). */
  bumped: boolean;
}

const TABLES = {
  manifest: { model: ManifestStateModel, table: ManifestStateModel.tableName, column: 'manifest_version' },
  config: { model: ConfigStateModel, table: ConfigStateModel.tableName, column: 'config_revision' },
} as const;

export type StateKind = keyof typeof TABLES;

/** The player_manifest_state and player_config_state tables: one counter and content hash per screen. */
export class PlayerStateRepository {
  private readonly db: Knex;
  private readonly models: Record<StateKind, typeof TableModel>;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // Recording is one conditional upsert (SQL); reading the current value goes through the models.
    this.db = db;
    this.models = { manifest: TABLES.manifest.model.bindKnex(db), config: TABLES.config.model.bindKnex(db) };
  }

  /**
   * Stores `hash` for the screen and bumps the counter only when it differs from the stored one.
   * One upsert statement, so concurrent callers are safe: a second caller with the same hash waits
   * on the row lock, re-checks the WHERE against the committed row and leaves it alone.
   */
  async record(kind: StateKind, screenId: string, hash: string, trx?: Knex.Transaction, above = 0): Promise<RecordedState> {
    const { table, column } = TABLES[kind];
    // `above`: a counter the player already holds; a stored one below it moves past it even when the content is the same.
    const result = await (trx ?? this.db).raw(
      `INSERT INTO ${table} (screen_id, ${column}, content_hash, updated_at) VALUES (?, ? + 1, ?, now())
       ON CONFLICT (screen_id) DO UPDATE
         SET ${column} = GREATEST(${table}.${column}, excluded.${column} - 1) + 1, content_hash = excluded.content_hash, updated_at = now()
         WHERE ${table}.content_hash IS DISTINCT FROM excluded.content_hash OR ${table}.${column} < excluded.${column} - 1
       RETURNING ${column} AS version`,
      [screenId, above, hash],
    );
    const row = result.rows[0] as { version: string } | undefined;
    if (row) return { version: Number(row.version), bumped: true };
    return { version: await this.current(kind, screenId, trx), bumped: false };
  }

  /**
   * `record` for many screens in one statement; returns only the screens whose counter moved, with
   * their new value. Rows are locked in screen id order, so two batches never deadlock. Pass the
   * transaction that also tells the players (`playerMessages.sendEach(…, trx)`): a version moves
   * if and only if its push goes out.
   */
  async recordMany(kind: StateKind, hashes: Map<string, string>, trx?: Knex.Transaction): Promise<{ screenId: string; version: number }[]> {
    if (!hashes.size) return [];
    const { table, column } = TABLES[kind];
    const result = await (trx ?? this.db).raw(
      `INSERT INTO ${table} (screen_id, ${column}, content_hash, updated_at)
       SELECT screen_id, 1, content_hash, now() FROM unnest(?::uuid[], ?::text[]) AS i(screen_id, content_hash) ORDER BY screen_id
       ON CONFLICT (screen_id) DO UPDATE
         SET ${column} = ${table}.${column} + 1, content_hash = excluded.content_hash, updated_at = now()
         WHERE ${table}.content_hash IS DISTINCT FROM excluded.content_hash
       RETURNING screen_id, ${column} AS version`,
      [[...hashes.keys()], [...hashes.values()]],
    );
    return (result.rows as { screen_id: string; version: string }[]).map((r) => ({ screenId: r.screen_id, version: Number(r.version) }));
  }

  /** The counter of each of `screenIds` (0 for a screen that has none yet). */
  async currentMany(kind: StateKind, screenIds: string[], trx?: Knex.Transaction): Promise<Map<string, number>> {
    const rows = (await this.models[kind]
      .query(trx)
      .whereRaw('screen_id = ANY(?::uuid[])', [screenIds])
      .select('screen_id', `${TABLES[kind].column} as version`)) as unknown as {
      screen_id: string;
      version: string;
    }[];
    const found = new Map(rows.map((r) => [r.screen_id, Number(r.version)]));
    return new Map(screenIds.map((id) => [id, found.get(id) ?? 0]));
  }

  async current(kind: StateKind, screenId: string, trx?: Knex.Transaction): Promise<number> {
    const row = await this.models[kind].query(trx).findById(screenId).select(`${TABLES[kind].column} as version`).castTo<{ version: string } | undefined>();
    return row ? Number(row.version) : 0;
  }
}
