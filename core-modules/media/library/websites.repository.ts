import type { Knex } from 'knex';
import { WebsiteModel } from '../media.models.js';
import type { AssetUse } from './asset-usage.js';
import { HIDDEN_STATUSES } from './assets-query.repository.js';

export const COOKIE_POLICIES = ['disabled', 'first_party', 'first_and_third_party'] as const;
export const RELOAD_POLICIES = ['load_once', 'on_each_activation', 'interval'] as const;
export const FAILURE_BEHAVIORS = ['last_success', 'placeholder', 'fallback_image', 'skip'] as const;

export interface WebsiteRow {
  asset_id: string;
  url: string;
  display_url: string | null;
  allowed_hosts: string[];
  javascript_enabled: boolean;
  dom_storage_enabled: boolean;
  cookie_policy: (typeof COOKIE_POLICIES)[number];
  reload_policy: (typeof RELOAD_POLICIES)[number];
  refresh_interval_seconds: number | null;
  load_timeout_seconds: number;
  zoom_percent: number;
  scroll_x: number;
  scroll_y: number;
  custom_user_agent: string | null;
  background_color: string | null;
  failure_behavior: (typeof FAILURE_BEHAVIORS)[number];
  fallback_image_asset_id: string | null;
}

export type WebsiteFields = Omit<WebsiteRow, 'asset_id'>;

/** The website_assets side table: how a website asset is shown. */
export class WebsitesRepository {
  private readonly websites: typeof WebsiteModel;

  constructor({ db }: { db: Knex }) {
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
