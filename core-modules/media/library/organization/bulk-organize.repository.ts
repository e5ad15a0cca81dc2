import type { Knex } from 'knex';

type Link = 'tag' | 'collection';
const LINK: Record<Link, [table: string, column: string]> = { tag: ['asset_tags', 'tag_id'], collection: ['asset_collections', 'collection_id'] };

/** The asset side of organization: folder of many assets, their tag and collection links. */
export class BulkOrganizeRepository {
  async setFolder(assetIds: string[], folderId: string | null, trx: Knex.Transaction): Promise<void> {
    await trx('assets').whereIn('id', assetIds).update({ folder_id: folderId });
  }

  /** Every asset gets every one of `ids`; links that already exist stay as they are. */
  async link(kind: Link, assetIds: string[], ids: string[], trx: Knex.Transaction): Promise<void> {
    if (!ids.length) return;
    const [table, column] = LINK[kind];
    // One statement for the whole cross product (up to 250 × 100 rows), not one insert per pair.
    await trx.raw(`INSERT INTO ?? (asset_id, ??) SELECT a, t FROM unnest(?::uuid[]) a CROSS JOIN unnest(?::uuid[]) t ON CONFLICT DO NOTHING`, [
      table,
      column,
      assetIds,
      ids,
    ]);
  }

  async unlink(kind: Link, assetIds: string[], ids: string[], trx: Knex.Transaction): Promise<void> {
    if (!ids.length) return;
    const [table, column] = LINK[kind];
    await trx(table).whereIn('asset_id', assetIds).whereIn(column, ids).delete();
  }

  async touch(assetIds: string[], trx: Knex.Transaction): Promise<void> {
    await trx('assets').whereIn('id', assetIds).update({ updated_at: trx.fn.now() });
  }
}
