import type { Knex } from 'knex';

export const UPLOAD_STATUSES = ['pending', 'uploading', 'finalizing', 'finalized', 'cancelled', 'expired', 'failed'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** States in which bytes may still be appended (and the upload cancelled). */
export const OPEN_STATUSES: readonly UploadStatus[] = ['pending', 'uploading'];

export interface UploadRow {
  id: string;
  created_by: string;
  filename: string;
  declared_mime_type: string;
  size_bytes: number;
  offset_bytes: number;
  status: UploadStatus;
  final_asset_id: string | null;
  resulting_asset_id: string | null;
  error_code: string | null;
  expires_at: Date;
  created_at: Date;
  updated_at: Date;
}

export interface NewUpload {
  createdBy: string;
  filename: string;
  declaredMimeType: string;
  sizeBytes: number;
  lifetimeHours: number;
}

/**
 * The upload_sessions table: the only place that queries it. Every read a user can trigger takes
 * the owner's id, so another user's upload is indistinguishable from a missing one.
 */
export class UploadSessionsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  private q(trx?: Knex.Transaction) {
    return trx ?? this.db;
  }

  async insert(upload: NewUpload, trx?: Knex.Transaction): Promise<UploadRow> {
    const [row] = await this.q(trx)<UploadRow>('upload_sessions')
      .insert({
        created_by: upload.createdBy,
        filename: upload.filename,
        declared_mime_type: upload.declaredMimeType,
        size_bytes: upload.sizeBytes,
        expires_at: this.db.raw('now() + make_interval(hours => ?)', [upload.lifetimeHours]),
      } as never)
      .returning('*');
    return row as UploadRow;
  }

  byIdOf(id: string, userId: string, trx?: Knex.Transaction): Promise<UploadRow | undefined> {
    return this.q(trx)<UploadRow>('upload_sessions').where({ id, created_by: userId }).first();
  }

  /** Locks the row until `trx` ends: appends, completions and cancels of one upload never interleave. */
  lockOf(id: string, userId: string, trx: Knex.Transaction): Promise<UploadRow | undefined> {
    return trx<UploadRow>('upload_sessions').where({ id, created_by: userId }).forUpdate().first();
  }

  async update(id: string, changes: Partial<Omit<UploadRow, 'id' | 'created_by' | 'created_at' | 'updated_at'>>, trx?: Knex.Transaction): Promise<UploadRow> {
    const [row] = await this.q(trx)<UploadRow>('upload_sessions')
      .where({ id })
      .update({ ...changes, updated_at: this.db.fn.now() } as never)
      .returning('*');
    return row as UploadRow;
  }

  /** Open uploads past their expiry become `expired`; returns their ids. */
  async expireDue(): Promise<string[]> {
    const rows = await this.db('upload_sessions')
      .whereIn('status', OPEN_STATUSES as UploadStatus[])
      .where('expires_at', '<=', this.db.fn.now())
      .update({ status: 'expired', updated_at: this.db.fn.now() })
      .returning('id');
    return rows.map((r: { id: string }) => r.id);
  }

  /**
   * Completions abandoned mid-way (the process died and nobody retried) past the upload's expiry
   * become `failed`; returns them so the caller can remove what the completion had stored.
   */
  async failAbandonedFinalizing(): Promise<UploadRow[]> {
    return this.db<UploadRow>('upload_sessions')
      .where({ status: 'finalizing' })
      .where('expires_at', '<=', this.db.fn.now())
      .update({ status: 'failed', error_code: 'finalize_abandoned', updated_at: this.db.fn.now() } as never)
      .returning('*') as Promise<UploadRow[]>;
  }

  /** The statuses of these uploads, for deciding which part files are still needed. */
  async statusesOf(ids: string[]): Promise<Map<string, UploadStatus>> {
    if (!ids.length) return new Map();
    const rows = await this.db<UploadRow>('upload_sessions').whereIn('id', ids).select('id', 'status');
    return new Map(rows.map((r) => [r.id, r.status]));
  }
}
