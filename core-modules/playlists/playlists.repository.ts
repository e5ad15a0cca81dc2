import type { Knex } from 'knex';
import { plainRows } from '../../kernel/db/table-model.js';
import { fn, raw } from 'objection';
import type { KernelDeps } from '../../kernel/kernel.js';
import { PlaylistModel, type PlaylistRow, type PlaylistValues, type StoredPlaylist, type TagRule } from './playlists.models.js';

// PostgreSQL 18 reports an ON DELETE RESTRICT as restrict_violation (23001); 15 as foreign_key_violation (23503).

/** The playlists table: the published rows screens play (people's edits go to the drafts). The only place that queries it. */
export class PlaylistsRepository {
  private readonly playlists: typeof PlaylistModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.playlists = PlaylistModel.bindKnex(db);
  }

  /** How many playlists people have (those a module keeps are its own), and how many would play nothing (no items, no enabled tag rule). */
  async counts(): Promise<{ total: number; empty: number }> {
    const row = await this.playlists
      .query()
      .alias('p')
      .whereNull('p.managed_by')
      .select(
        raw('count(*)::int AS total'),
        raw(
          `count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id) AND NOT COALESCE((p.tag_rule->>'enabled')::boolean, false))::int AS empty`,
        ),
      )
      .first()
      .castTo<{ total: number; empty: number }>();
    return { total: row.total, empty: row.empty };
  }

  private withItemCount(trx?: Knex.Transaction) {
    return this.playlists
      .query(trx)
      .alias('p')
      .select('p.*', raw('(SELECT count(*)::int FROM playlist_items i WHERE i.playlist_id = p.id) AS item_count'))
      .castTo<PlaylistRow[]>();
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<PlaylistRow | undefined> {
    return this.withItemCount(trx).where('p.id', id).first().castTo<PlaylistRow | undefined>();
  }

  /** Those of `ids` that exist (every manifest build reads its playlists: no item count). */
  async byIds(ids: string[]): Promise<StoredPlaylist[]> {
    if (!ids.length) return [];
    return plainRows(this.playlists.query().whereRaw('id = ANY(?::uuid[])', [ids]));
  }

  /** Locks the existing ones among `ids` to share them until `trx` ends (a delete waits); returns them. */
  async share(ids: string[], trx: Knex.Transaction): Promise<string[]> {
    if (!ids.length) return [];
    return (await this.playlists.query(trx).findByIds(ids).forShare().select('id')).map((r) => r.id);
  }

  async namesOf(ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await this.playlists.query().findByIds(ids).select('id', 'name');
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * Playlists that may hold the asset: as an item published or in their draft (`has_item`), or
   * through an enabled tag rule the caller checks.
   */
  async maybeHolding(assetId: string): Promise<{ id: string; has_item: boolean; tag_rule: TagRule | null }[]> {
    const hasItem =
      '(EXISTS (SELECT 1 FROM playlist_items i WHERE i.playlist_id = p.id AND i.asset_id = ?) OR EXISTS (SELECT 1 FROM playlist_draft_items i WHERE i.playlist_id = p.id AND i.asset_id = ?))';
    return this.playlists
      .query()
      .alias('p')
      .select('p.id', 'p.tag_rule', raw(`${hasItem} AS has_item`, [assetId, assetId]))
      .whereRaw(`(${hasItem} OR coalesce((p.tag_rule->>'enabled')::boolean, false))`, [assetId, assetId])
      .castTo<{ id: string; has_item: boolean; tag_rule: TagRule | null }[]>();
  }

  /** Locks the playlist for the rest of `trx`, so concurrent item edits see one order and one revision. */
  async lock(id: string, trx: Knex.Transaction): Promise<boolean> {
    return Boolean(await this.playlists.query(trx).findById(id).forUpdate().select('id'));
  }

  async insert(values: Required<PlaylistValues> & { tag_rule: TagRule | null; managed_by?: string }, trx?: Knex.Transaction): Promise<string> {
    const { id } = await this.playlists.query(trx).insert(values).returning('id');
    return id;
  }

  /** Makes these the published values, at `revision` (the items are written beside them). */
  async publish(id: string, values: Required<PlaylistValues> & { tag_rule: TagRule | null; revision: number }, trx: Knex.Transaction): Promise<void> {
    await this.playlists
      .query(trx)
      .findById(id)
      .patch({ ...values, updated_at: fn.now() });
  }

  /** False when there is no such playlist. Its uses are checked by the caller (contentKinds.assertUnused). */
  async delete(id: string, trx?: Knex.Transaction): Promise<boolean> {
    return (await this.playlists.query(trx).deleteById(id)) > 0;
  }
}
