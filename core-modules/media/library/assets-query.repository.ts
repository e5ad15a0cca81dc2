import type { Knex } from 'knex';
import type { AssetRow, VariantRow } from '../media.models.js';
import type { AssetStatus, AssetType } from '../media-types.js';
import { AssetCollectionModel, AssetModel, AssetTagModel } from '../media.models.js';
import { containsPattern } from '../../../kernel/db/like.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

export type AssetSort = 'newest' | 'oldest' | 'name' | 'updated';

export interface AssetFilter {
  /** `media`: images and videos. */
  type?: AssetType | 'media';
  status?: AssetStatus;
  /** A folder id, or `none` for assets in no folder. */
  folderId?: string;
  collectionId?: string;
  tagId?: string;
  search?: string;
  archived?: boolean;
  sort: AssetSort;
  page: number;
  pageSize: number;
}

export interface TagOfAsset {
  asset_id: string;
  id: string;
  name: string;
  color: string;
}

/** Deleted assets, and those whose files are being removed, are gone as far as the library shows. */
export const HIDDEN_STATUSES: readonly AssetStatus[] = ['deleting', 'deleted'];

const ORDER: Record<AssetSort, string> = {
  newest: 'a.created_at DESC, a.id DESC',
  oldest: 'a.created_at ASC, a.id ASC',
  name: 'lower(a.name) ASC, a.id ASC',
  updated: 'a.updated_at DESC, a.id DESC',
};

/** The library's read side of assets: filtered pages and what each row of a page needs. */
export class AssetsQueryRepository {
  private readonly db: Knex;
  private readonly assets: typeof AssetModel;
  private readonly assetTags: typeof AssetTagModel;
  private readonly assetCollections: typeof AssetCollectionModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // Filtered pages are one SQL query with a window count; rows are read through the models.
    this.db = db;
    this.assets = AssetModel.bindKnex(db);
    this.assetTags = AssetTagModel.bindKnex(db);
    this.assetCollections = AssetCollectionModel.bindKnex(db);
  }

  private filtered(f: AssetFilter) {
    const q = this.db<AssetRow>('assets as a').whereNotIn('a.processing_status', HIDDEN_STATUSES);
    if (f.type === 'media') q.whereIn('a.type', ['image', 'video']);
    else if (f.type) q.where('a.type', f.type);
    if (f.status) q.where('a.processing_status', f.status);
    if (f.folderId === 'none') q.whereNull('a.folder_id');
    else if (f.folderId) q.where('a.folder_id', f.folderId);
    if (f.collectionId)
      q.whereExists((s) =>
        s.select(this.db.raw('1')).from('asset_collections as ac').whereRaw('ac.asset_id = a.id').where('ac.collection_id', f.collectionId!),
      );
    if (f.tagId) q.whereExists((s) => s.select(this.db.raw('1')).from('asset_tags as at').whereRaw('at.asset_id = a.id').where('at.tag_id', f.tagId!));
    if (f.search) {
      const pattern = containsPattern(f.search);
      q.where((w) => w.whereILike('a.name', pattern).orWhereILike('a.original_filename', pattern));
    }
    // Archived is computed at read time: archived by hand, or past its expiry. No job flips it.
    if (f.archived) q.where((w) => w.whereNotNull('a.archived_at').orWhere('a.expires_at', '<=', this.db.fn.now()));
    else q.whereNull('a.archived_at').where((w) => w.whereNull('a.expires_at').orWhere('a.expires_at', '>', this.db.fn.now()));
    return q;
  }

  /** One page and the total over all pages, in one query (a second only past the last page). */
  async page(f: AssetFilter): Promise<{ rows: AssetRow[]; total: number }> {
    const rows = await this.filtered(f)
      .select('a.*', this.db.raw('count(*) OVER () AS total_count'))
      .orderByRaw(ORDER[f.sort])
      .limit(f.pageSize)
      .offset((f.page - 1) * f.pageSize);
    if (rows.length) {
      const total = Number((rows[0] as { total_count: number }).total_count);
      return { rows: rows.map(({ total_count: _, ...row }: AssetRow & { total_count: number }) => row as AssetRow), total };
    }
    const count = f.page === 1 ? { n: 0 } : await this.filtered(f).count<{ n: number }>({ n: '*' }).first();
    return { rows: [], total: Number(count?.n ?? 0) };
  }

  /** A visible asset (not deleting or deleted). */
  async visible(id: string, trx?: Knex.Transaction): Promise<AssetRow | undefined> {
    return this.assets.query(trx).findById(id).whereNotIn('processing_status', HIDDEN_STATUSES);
  }

  /** Visible assets among `ids`, locked for the rest of `trx`, in id order so two bulk calls cannot deadlock. */
  async lockVisible(ids: string[], trx: Knex.Transaction): Promise<AssetRow[]> {
    return this.assets.query(trx).findByIds(ids).whereNotIn('processing_status', HIDDEN_STATUSES).orderBy('id').forUpdate();
  }

  /** Tags of each asset of a page, in one query. */
  async tagsOf(assetIds: string[], trx?: Knex.Transaction): Promise<TagOfAsset[]> {
    if (!assetIds.length) return [];
    return this.assetTags
      .query(trx)
      .alias('at')
      .join('media_tags as t', 't.id', 'at.tag_id')
      .whereIn('at.asset_id', assetIds)
      .orderByRaw('lower(t.name)')
      .select('at.asset_id', 't.id', 't.name', 't.color')
      .castTo<TagOfAsset[]>();
  }

  /** Collection ids of each asset of a page, in one query. */
  async collectionIdsOf(assetIds: string[], trx?: Knex.Transaction): Promise<{ asset_id: string; collection_id: string }[]> {
    if (!assetIds.length) return [];
    return this.assetCollections.query(trx).whereIn('asset_id', assetIds).orderBy('collection_id').select('asset_id', 'collection_id');
  }

  /**
   * A visible asset with all its variants, in one round trip: file serving runs this on every
   * request, so it is a single query.
   */
  async withVariants(id: string): Promise<{ asset: Pick<AssetRow, 'id' | 'name' | 'type' | 'processing_status'>; variants: VariantRow[] } | undefined> {
    const rows = await this.db('assets as a')
      .leftJoin('asset_variants as v', 'v.asset_id', 'a.id')
      .where('a.id', id)
      .whereNotIn('a.processing_status', HIDDEN_STATUSES)
      .select('a.name as asset_name', 'a.type as asset_type', 'a.processing_status as asset_status', 'v.*');
    if (!rows.length) return undefined;
    const first = rows[0] as { asset_name: string; asset_type: AssetType; asset_status: AssetStatus };
    return {
      asset: { id, name: first.asset_name, type: first.asset_type, processing_status: first.asset_status },
      variants: rows.filter((r) => r.id !== null).map(({ asset_name: _n, asset_type: _t, asset_status: _s, ...v }) => v as VariantRow),
    };
  }
}
