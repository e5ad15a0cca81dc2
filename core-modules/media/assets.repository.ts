import type { Knex } from 'knex';
import { conflict } from '../../kernel/errors.js';
import { STATUS_TRANSITIONS, type AssetStatus, type AssetType, type VariantKind } from './media-types.js';

export interface AssetRow {
  id: string;
  name: string;
  description: string;
  type: AssetType;
  original_filename: string | null;
  declared_mime_type: string | null;
  detected_mime_type: string | null;
  sha256: string | null;
  original_size: number | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  frame_rate: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  audio_channels: number | null;
  metadata: Record<string, unknown>;
  processing_status: AssetStatus;
  processing_progress: number | null;
  error_code: string | null;
  error_message: string | null;
  folder_id: string | null;
  created_by: string | null;
  available_from: Date | null;
  expires_at: Date | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface VariantRow {
  id: string;
  asset_id: string;
  kind: VariantKind;
  storage_key: string;
  mime_type: string;
  file_size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  frame_rate: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  player_compatible: boolean;
  created_at: Date;
}

export type NewAsset = Pick<AssetRow, 'name' | 'type'> & Partial<Omit<AssetRow, 'id' | 'created_at' | 'updated_at'>>;
export type NewVariant = Omit<VariantRow, 'id' | 'created_at' | 'asset_id' | 'width' | 'height' | 'duration_seconds' | 'frame_rate' | 'video_codec' | 'audio_codec' | 'player_compatible'> &
  Partial<Pick<VariantRow, 'width' | 'height' | 'duration_seconds' | 'frame_rate' | 'video_codec' | 'audio_codec' | 'player_compatible'>>;

/** The assets and asset_variants tables: the only place that queries them. */
export class AssetsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  private q(trx?: Knex.Transaction) {
    return trx ?? this.db;
  }

  byId(id: string, trx?: Knex.Transaction): Promise<AssetRow | undefined> {
    return this.q(trx)<AssetRow>('assets').where({ id }).whereNot('processing_status', 'deleted').first();
  }

  /** Live assets among `ids` (one query, for lists such as a manifest's). */
  byIds(ids: string[]): Promise<AssetRow[]> {
    return ids.length ? this.db<AssetRow>('assets').whereIn('id', ids).whereNot('processing_status', 'deleted') : Promise.resolve([]);
  }

  /** Locks the row for the rest of `trx` (status changes, deletes). */
  lock(id: string, trx: Knex.Transaction): Promise<AssetRow | undefined> {
    return trx<AssetRow>('assets').where({ id }).whereNot('processing_status', 'deleted').forUpdate().first();
  }

  async insert(asset: NewAsset, trx?: Knex.Transaction): Promise<AssetRow> {
    const [row] = await this.q(trx)<AssetRow>('assets')
      .insert({ processing_status: 'queued', ...asset } as never)
      .returning('*');
    return row as AssetRow;
  }

  /** Inserts under an id chosen beforehand (an upload journals it before storing the original). */
  async insertWithId(id: string, asset: NewAsset, trx?: Knex.Transaction): Promise<AssetRow> {
    const [row] = await this.q(trx)<AssetRow>('assets')
      .insert({ processing_status: 'queued', ...asset, id } as never)
      .returning('*');
    return row as AssetRow;
  }

  async update(id: string, changes: Partial<Omit<AssetRow, 'id' | 'processing_status'>>, trx?: Knex.Transaction): Promise<AssetRow | undefined> {
    const [row] = await this.q(trx)<AssetRow>('assets')
      .where({ id })
      .update({ ...changes, updated_at: this.db.fn.now() } as never)
      .returning('*');
    return row as AssetRow | undefined;
  }

  /**
   * Moves an asset to `to` if the transition is allowed from its current status; returns the new
   * row, or undefined when the asset is gone. A disallowed move is a 409 `asset_state_conflict`.
   */
  async transition(id: string, to: AssetStatus, changes: Partial<AssetRow> = {}, trx?: Knex.Transaction): Promise<AssetRow | undefined> {
    const from = Object.entries(STATUS_TRANSITIONS)
      .filter(([, targets]) => targets.includes(to))
      .map(([status]) => status);
    const [row] = await this.q(trx)<AssetRow>('assets')
      .where({ id })
      .whereIn('processing_status', from)
      .update({ ...changes, processing_status: to, updated_at: this.db.fn.now() } as never)
      .returning('*');
    if (row) return row as AssetRow;
    const current = await this.q(trx)<AssetRow>('assets').where({ id }).first();
    if (!current) return undefined;
    throw conflict('asset_state_conflict', `The asset is ${current.processing_status}; it cannot become ${to}.`);
  }

  async setProgress(id: string, percent: number): Promise<void> {
    await this.db('assets').where({ id }).whereIn('processing_status', ['processing', 'inspecting']).update({ processing_progress: Math.max(0, Math.min(100, Math.round(percent))) });
  }

  variants(assetId: string, trx?: Knex.Transaction): Promise<VariantRow[]> {
    return this.q(trx)<VariantRow>('asset_variants').where({ asset_id: assetId }).orderBy('created_at');
  }

  variantsOf(assetIds: string[]): Promise<VariantRow[]> {
    return assetIds.length ? this.db<VariantRow>('asset_variants').whereIn('asset_id', assetIds).orderBy('created_at') : Promise.resolve([]);
  }

  variant(assetId: string, kind: VariantKind, trx?: Knex.Transaction): Promise<VariantRow | undefined> {
    return this.q(trx)<VariantRow>('asset_variants').where({ asset_id: assetId, kind }).first();
  }

  variantById(id: string): Promise<VariantRow | undefined> {
    return this.db<VariantRow>('asset_variants').where({ id }).first();
  }

  /** One variant per kind: a re-run of a job replaces what an earlier run produced. */
  async upsertVariant(assetId: string, variant: NewVariant, trx?: Knex.Transaction): Promise<VariantRow> {
    const [row] = await this.q(trx)<VariantRow>('asset_variants')
      .insert({ ...variant, asset_id: assetId } as never)
      .onConflict(['asset_id', 'kind'])
      .merge()
      .returning('*');
    return row as VariantRow;
  }

  async deleteVariant(assetId: string, kind: VariantKind, trx?: Knex.Transaction): Promise<void> {
    await this.q(trx)('asset_variants').where({ asset_id: assetId, kind }).delete();
  }

  /**
   * Processing ends in failure, but only from a processing state: a job failing late must not
   * override a delete that started meanwhile. Undefined when nothing changed.
   */
  async failProcessing(id: string, errorCode: string, errorMessage: string, options: { untouchedSince?: Date; trx?: Knex.Transaction } = {}): Promise<AssetRow | undefined> {
    const [row] = await this.q(options.trx)<AssetRow>('assets')
      .where({ id })
      .whereIn('processing_status', ['queued', 'inspecting', 'processing'])
      .modify((q) => void (options.untouchedSince && q.where('updated_at', '<', options.untouchedSince)))
      .update({ processing_status: 'failed', error_code: errorCode, error_message: errorMessage, processing_progress: null, updated_at: this.db.fn.now() } as never)
      .returning('*');
    return row as AssetRow | undefined;
  }

  /** Removes every variant but the original (before a fresh processing run); returns what it removed. */
  deleteDerivedVariants(assetId: string, trx?: Knex.Transaction): Promise<Pick<VariantRow, 'kind' | 'storage_key'>[]> {
    return this.q(trx)('asset_variants').where({ asset_id: assetId }).whereNot({ kind: 'original' }).delete().returning(['kind', 'storage_key']);
  }

  /** Assets in a processing state that nothing has touched since `before`. */
  stalledSince(before: Date, limit = 100): Promise<Pick<AssetRow, 'id' | 'processing_status'>[]> {
    return this.db<AssetRow>('assets')
      .select('id', 'processing_status')
      .whereIn('processing_status', ['queued', 'inspecting', 'processing'])
      .where('updated_at', '<', before)
      .orderBy('updated_at')
      .limit(limit);
  }
}
