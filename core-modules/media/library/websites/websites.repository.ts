import type { Knex } from 'knex';
import type { KernelDeps } from '../../../../kernel/kernel.js';
import { type WebsiteFields, WebsiteModel, type WebsiteRow } from './websites.models.js';
import type { AssetUse } from '../asset-usage.js';
import { HIDDEN_STATUSES } from '../assets-query.repository.js';

/** The website_assets side table: how a website asset is shown. */
export class WebsitesRepository {
  private readonly websites: typeof WebsiteModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.websites = WebsiteModel.bindKnex(db);
  }

  async insert(row: WebsiteRow, trx: Knex.Transaction): Promise<void> {
    await this.websites.query(trx).insert(row);
  }

  async update(assetId: string, fields: WebsiteFields, trx: Knex.Transaction): Promise<void> {
    await this.websites.query(trx).findById(assetId).patch(fields);
  }

  async byAssetId(assetId: string, trx?: Knex.Transaction): Promise<WebsiteRow | undefined> {
    return this.websites.query(trx).findById(assetId);
  }

  async byAssetIds(assetIds: string[], trx?: Knex.Transaction): Promise<WebsiteRow[]> {
    if (!assetIds.length) return [];
    return this.websites.query(trx).findByIds(assetIds);
  }

  /**
   * Counts websites after taking a transaction lock, so two creations cannot both pass the limit.
   */
  async lockAndCount(trx: Knex.Transaction): Promise<number> {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('media.website_assets'))`);
    return this.websites.query(trx).alias('w').join('assets as a', 'a.id', 'w.asset_id').whereNotIn('a.processing_status', HIDDEN_STATUSES).resultSize();
  }

  /** Websites that show one of `assetIds` when they fail to load: those assets are in use. */
  async fallbackUses(assetIds: string[], trx?: Knex.Transaction): Promise<AssetUse[]> {
    const rows = await this.websites
      .query(trx)
      .alias('w')
      .join('assets as a', 'a.id', 'w.asset_id')
      .whereIn('w.fallback_image_asset_id', assetIds)
      .whereNotIn('a.processing_status', HIDDEN_STATUSES)
      .select('w.fallback_image_asset_id as assetId', 'a.id', 'a.name')
      .castTo<{ assetId: string; id: string; name: string }[]>();
    return rows.map((r) => ({ assetId: r.assetId, kind: 'website', id: r.id, name: r.name }));
  }
}
