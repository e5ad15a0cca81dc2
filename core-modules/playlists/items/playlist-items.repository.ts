import type { Knex } from 'knex';
import { raw } from 'objection';
import { plainRows } from '../../../kernel/db/table-model.js';
import type { KernelDeps } from '../../../kernel/kernel.js';
import type { AssetUse } from '../../media/media.api.js';
import { type ItemRow, type ItemValues, PlaylistDraftItemModel, PlaylistItemModel } from '../playlists.models.js';

// An item's columns (not its creation time, which nothing reads): every manifest build reads them.
const ITEM_COLUMNS = [
  'id',
  'playlist_id',
  'position',
  'asset_id',
  'layout_id',
  'duration_ms',
  'fit_mode',
  'transition',
  'audio_enabled',
  'volume',
  'delivery_policy',
  'use_player_defaults',
  'video_start_offset_ms',
  'video_end_offset_ms',
];

/** An item as it is written: its values, and its id when it keeps one (an item published from the draft). */
export type ItemWrite = ItemValues & { id?: string };

// What a playlist holds, in the rows screens play and in the working drafts: content a draft names
// is in use too (deleting it would make publishing the draft fail).
const BOTH_TABLES = '(SELECT playlist_id, asset_id, layout_id FROM playlist_items UNION SELECT playlist_id, asset_id, layout_id FROM playlist_draft_items)';

/**
 * One playlist items table: `playlist_items` (the published rows manifests read, the module's
 * `playlistItemsRepository`) or `playlist_draft_items` (the working draft people edit,
 * `draftItemsRepository`); the same columns, item ids kept from draft to published. The only place
 * that queries them. Callers lock the playlist first (PlaylistsRepository.lock).
 */
export class PlaylistItemsRepository {
  private readonly items: typeof PlaylistItemModel;

  constructor({ db }: Pick<KernelDeps, 'db'>, table: 'published' | 'draft' = 'published') {
    this.items = (table === 'draft' ? PlaylistDraftItemModel : PlaylistItemModel).bindKnex(db);
  }

  async list(playlistId: string, trx?: Knex.Transaction): Promise<ItemRow[]> {
    return plainRows(
      this.items
        .query(trx)
        .select(ITEM_COLUMNS)
        .where({ playlist_id: playlistId })
        .orderBy([{ column: 'position' }, { column: 'id' }]),
    );
  }

  /** The items of each of these playlists, in order. */
  async listOf(playlistIds: string[]): Promise<Map<string, ItemRow[]>> {
    const lists = new Map<string, ItemRow[]>(playlistIds.map((id) => [id, []]));
    if (!playlistIds.length) return lists;
    const rows = await plainRows(
      this.items
        .query()
        .select(ITEM_COLUMNS)
        .whereRaw('playlist_id = ANY(?::uuid[])', [playlistIds])
        .orderBy([{ column: 'playlist_id' }, { column: 'position' }, { column: 'id' }]),
    );
    for (const row of rows) lists.get(row.playlist_id)?.push(row);
    return lists;
  }

  async byId(playlistId: string, id: string, trx?: Knex.Transaction): Promise<ItemRow | undefined> {
    return this.items.query(trx).findOne({ playlist_id: playlistId, id });
  }

  /** Appends after the last item. */
  async append(playlistId: string, values: ItemValues, trx: Knex.Transaction): Promise<string> {
    const row = await this.items
      .query(trx)
      .insert({
        ...values,
        playlist_id: playlistId,
        position: raw(`(SELECT coalesce(max(position), -1) + 1 FROM ${this.items.tableName} WHERE playlist_id = ?)`, [playlistId]),
      })
      .returning('id');
    return row.id;
  }

  async update(playlistId: string, id: string, values: Partial<ItemValues>, trx: Knex.Transaction): Promise<boolean> {
    return (await this.items.query(trx).where({ playlist_id: playlistId, id }).patch(values)) > 0;
  }

  async delete(playlistId: string, id: string, trx: Knex.Transaction): Promise<boolean> {
    return (await this.items.query(trx).where({ playlist_id: playlistId, id }).delete()) > 0;
  }

  /** `ids` in their new order; the caller has checked it names every item exactly once. */
  async reorder(playlistId: string, ids: string[], trx: Knex.Transaction): Promise<void> {
    if (ids.length === 0) return;
    await trx.raw(
      `UPDATE ${this.items.tableName} i SET position = o.ord - 1 FROM unnest(?::uuid[]) WITH ORDINALITY AS o(id, ord) WHERE i.id = o.id AND i.playlist_id = ?`,
      [ids, playlistId],
    );
  }

  async replaceAll(playlistId: string, items: ItemWrite[], trx: Knex.Transaction): Promise<void> {
    await this.items.query(trx).where({ playlist_id: playlistId }).delete();
    if (items.length) await this.items.query(trx).insert(items.map((v, position) => ({ ...v, playlist_id: playlistId, position })));
  }

  /** The playlists whose published rows or draft have an item playing any of these layouts, by name. */
  async holdingLayouts(layoutIds: string[], trx?: Knex.Transaction): Promise<{ id: string; name: string }[]> {
    if (!layoutIds.length) return [];
    return plainRows(
      this.items
        .query(trx)
        .from(raw(`${BOTH_TABLES} AS i`))
        .join('playlists as p', 'p.id', 'i.playlist_id')
        .distinct('p.id', 'p.name')
        .whereIn('i.layout_id', layoutIds)
        .orderBy('p.name')
        .castTo<{ id: string; name: string }[]>(),
    );
  }

  /** For the media module's delete and archive check: which playlists hold any of the assets, published or in their draft. */
  async usesOf(assetIds: string[], trx?: Knex.Transaction): Promise<AssetUse[]> {
    const rows = await plainRows(
      this.items
        .query(trx)
        .from(raw(`${BOTH_TABLES} AS i`))
        .join('playlists as p', 'p.id', 'i.playlist_id')
        .distinct('i.asset_id', 'p.id', 'p.name')
        .whereIn('i.asset_id', assetIds)
        .castTo<{ asset_id: string; id: string; name: string }[]>(),
    );
    return rows.map((r) => ({ assetId: r.asset_id, kind: 'playlist', id: r.id, name: r.name }));
  }
}
