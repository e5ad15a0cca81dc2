import type { Knex } from 'knex';
import { fn } from 'objection';
import { conflict } from '../../kernel/errors.js';
import { plainRows } from '../../kernel/db/table-model.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { AssetModel, type AssetRow, VariantModel, type VariantRow } from './media.models.js';
import { STATUS_TRANSITIONS, type AssetStatus, type AssetType, type VariantKind } from './media-types.js';

/**
 * A ready, unarchived asset as screens play it, with the file a player is given for it: the
 * playback copy when processing made one, else the original when players can use it (`variant_id`
 * null when neither).
 */
export interface PlayingAssetRow {
  id: string;
  name: string;
  type: AssetType;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  available_from: Date | null;
  expires_at: Date | null;
  variant_id: string | null;
  mime_type: string | null;
  sha256: string | null;
  /** bigint: its text. */
  file_size: string | null;
  variant_width: number | null;
  variant_height: number | null;
  variant_duration_seconds: number | null;
}

// The variant a player is given, picked per asset by the (asset_id, kind) index.
const PLAYER_VARIANT = `LEFT JOIN LATERAL (
  SELECT id, mime_type, sha256, file_size, width, height, duration_seconds FROM asset_variants
  WHERE asset_id = a.id AND player_compatible AND kind IN ('playback', 'original')
  ORDER BY kind = 'playback' DESC LIMIT 1) v ON true`;

export type NewAsset = Pick<AssetRow, 'name' | 'type'> & Partial<Omit<AssetRow, 'id' | 'created_at' | 'updated_at'>>;
export type NewVariant = Omit<
  VariantRow,
  'id' | 'created_at' | 'asset_id' | 'width' | 'height' | 'duration_seconds' | 'frame_rate' | 'video_codec' | 'audio_codec' | 'player_compatible'
> &
  Partial<Pick<VariantRow, 'width' | 'height' | 'duration_seconds' | 'frame_rate' | 'video_codec' | 'audio_codec' | 'player_compatible'>>;

/** The assets and asset_variants tables: the only place that queries them. */
export class AssetsRepository {
  private readonly assets: typeof AssetModel;
  private readonly variantRows: typeof VariantModel;

  private readonly db: Knex;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
    this.assets = AssetModel.bindKnex(db);
    this.variantRows = VariantModel.bindKnex(db);
  }

  private live(trx?: Knex.Transaction) {
    return this.assets.query(trx).whereNot('processing_status', 'deleted');
  }

  async byId(id: string, trx?: Knex.Transaction): Promise<AssetRow | undefined> {
    return this.live(trx).findById(id);
  }

  /** Live assets among `ids` (one query, for lists such as a manifest's). */
  async byIds(ids: string[]): Promise<AssetRow[]> {
    return ids.length ? plainRows(this.live().findByIds(ids)) : [];
  }

  /** Locks the row for the rest of `trx` (status changes, deletes). */
  async lock(id: string, trx: Knex.Transaction): Promise<AssetRow | undefined> {
    return this.live(trx).findById(id).forUpdate();
  }

  async insert(asset: NewAsset, trx?: Knex.Transaction): Promise<AssetRow> {
    return this.assets
      .query(trx)
      .insert({ processing_status: 'queued', ...asset })
      .returning('*');
  }

  /** Inserts under an id chosen beforehand (an upload journals it before storing the original). */
  async insertWithId(id: string, asset: NewAsset, trx?: Knex.Transaction): Promise<AssetRow> {
    return this.assets
      .query(trx)
      .insert({ processing_status: 'queued', ...asset, id })
      .returning('*');
  }

  async update(id: string, changes: Partial<Omit<AssetRow, 'id' | 'processing_status'>>, trx?: Knex.Transaction): Promise<AssetRow | undefined> {
    const [row] = await this.assets
      .query(trx)
      .where({ id })
      .patch({ ...changes, updated_at: fn.now() })
      .returning('*');
    return row;
  }

  /**
   * Moves an asset to `to` if the transition is allowed from its current status; returns the new
   * row, or undefined when the asset is gone. A disallowed move is a 409 `asset_state_conflict`.
   */
  async transition(id: string, to: AssetStatus, changes: Partial<AssetRow> = {}, trx?: Knex.Transaction): Promise<AssetRow | undefined> {
    const from = Object.entries(STATUS_TRANSITIONS)
      .filter(([, targets]) => targets.includes(to))
      .map(([status]) => status);
    const [row] = await this.assets
      .query(trx)
      .where({ id })
      .whereIn('processing_status', from)
      .patch({ ...changes, processing_status: to, updated_at: fn.now() })
      .returning('*');
    if (row) return row;
    const current = await this.assets.query(trx).findById(id);
    if (!current) return undefined;
    throw conflict('asset_state_conflict', `The asset is ${current.processing_status}; it cannot become ${to}.`);
  }

  async setProgress(id: string, percent: number): Promise<void> {
    await this.assets
      .query()
      .where({ id })
      .whereIn('processing_status', ['processing', 'inspecting'])
      .patch({ processing_progress: Math.max(0, Math.min(100, Math.round(percent))) });
  }

  /**
   * The playing ones among `ids` with their player file, in one query and only the columns a
   * manifest needs (every build of a 500-item playlist reads them).
   */
  async playing(ids: string[]): Promise<PlayingAssetRow[]> {
    if (!ids.length) return [];
    return this.db('assets as a')
      .select(
        'a.id',
        'a.name',
        'a.type',
        'a.width',
        'a.height',
        'a.duration_seconds',
        'a.available_from',
        'a.expires_at',
        'v.id as variant_id',
        'v.mime_type',
        'v.sha256',
        'v.file_size',
        'v.width as variant_width',
        'v.height as variant_height',
        'v.duration_seconds as variant_duration_seconds',
      )
      .joinRaw(PLAYER_VARIANT)
      .whereRaw('a.id = ANY(?::uuid[])', [ids])
      .where('a.processing_status', 'ready')
      .whereNull('a.archived_at');
  }

  async variants(assetId: string, trx?: Knex.Transaction): Promise<VariantRow[]> {
    return this.variantRows.query(trx).where({ asset_id: assetId }).orderBy('created_at');
  }

  async variantsOf(assetIds: string[]): Promise<VariantRow[]> {
    return assetIds.length ? plainRows(this.variantRows.query().whereIn('asset_id', assetIds).orderBy('created_at')) : [];
  }

  async variant(assetId: string, kind: VariantKind, trx?: Knex.Transaction): Promise<VariantRow | undefined> {
    return this.variantRows.query(trx).findOne({ asset_id: assetId, kind });
  }

  async variantById(id: string): Promise<VariantRow | undefined> {
    return this.variantRows.query().findById(id);
  }

  /** One variant per kind: a re-run of a job replaces what an earlier run produced. */
  async upsertVariant(assetId: string, variant: NewVariant, trx?: Knex.Transaction): Promise<VariantRow> {
    return this.variantRows
      .query(trx)
      .insert({ ...variant, asset_id: assetId })
      .onConflict(['asset_id', 'kind'])
      .merge()
      .returning('*');
  }

  async deleteVariant(assetId: string, kind: VariantKind, trx?: Knex.Transaction): Promise<void> {
    await this.variantRows.query(trx).delete().where({ asset_id: assetId, kind });
  }

  /**
   * Processing ends in failure, but only from a processing state: a job failing late must not
   * override a delete that started meanwhile. Undefined when nothing changed.
   */
  async failProcessing(
    id: string,
    errorCode: string,
    errorMessage: string,
    options: { untouchedSince?: Date; trx?: Knex.Transaction } = {},
  ): Promise<AssetRow | undefined> {
    const [row] = await this.assets
      .query(options.trx)
      .where({ id })
      .whereIn('processing_status', ['queued', 'inspecting', 'processing'])
      .modify((q) => void (options.untouchedSince && q.where('updated_at', '<', options.untouchedSince)))
      .patch({ processing_status: 'failed', error_code: errorCode, error_message: errorMessage, processing_progress: null, updated_at: fn.now() })
      .returning('*');
    return row;
  }

  /** Assets in the library (not archived) whose processing failed, newest first, at most `limit`. */
  async failed(limit: number): Promise<Pick<AssetRow, 'id' | 'name' | 'error_message' | 'updated_at'>[]> {
    return await this.assets
      .query()
      .select('id', 'name', 'error_message', 'updated_at')
      .where({ processing_status: 'failed' })
      .whereNull('archived_at')
      .orderBy('updated_at', 'desc')
      .limit(limit);
  }

  /** Removes every variant but the original (before a fresh processing run); returns what it removed. */
  async deleteDerivedVariants(assetId: string, trx?: Knex.Transaction): Promise<Pick<VariantRow, 'kind' | 'storage_key'>[]> {
    return this.variantRows.query(trx).delete().where({ asset_id: assetId }).whereNot({ kind: 'original' }).returning(['kind', 'storage_key']);
  }

  /** Assets in a processing state untouched since `before`, by id, after `afterId` (a page's last). */
  async stalledSince(before: Date, limit = 100, afterId?: string): Promise<Pick<AssetRow, 'id' | 'processing_status'>[]> {
    return this.assets
      .query()
      .select('id', 'processing_status')
      .whereIn('processing_status', ['queued', 'inspecting', 'processing'])
      .where('updated_at', '<', before)
      .modify((q) => void (afterId && q.where('id', '>', afterId)))
      .orderBy('id')
      .limit(limit);
  }

  /** How many assets are queued or being inspected or processed now. */
  async countInProcessing(): Promise<number> {
    return this.assets.query().whereIn('processing_status', ['queued', 'inspecting', 'processing']).resultSize();
  }
}
