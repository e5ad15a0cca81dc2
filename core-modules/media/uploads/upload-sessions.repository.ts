import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import type { KernelDeps } from '../../../kernel/kernel.js';
import { UploadSessionModel, type UploadRow, type UploadStatus } from './uploads.models.js';

/** States in which bytes may still be appended (and the upload cancelled). */
export const OPEN_STATUSES: readonly UploadStatus[] = ['pending', 'uploading'];

/** States that still hold disk space reserved (see reservedBytes). */
const RESERVING_STATUSES: readonly UploadStatus[] = [...OPEN_STATUSES, 'finalizing'];

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
  private readonly uploads: typeof UploadSessionModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.uploads = UploadSessionModel.bindKnex(db);
  }

  async insert(upload: NewUpload, trx?: Knex.Transaction): Promise<UploadRow> {
    return this.uploads
      .query(trx)
      .insert({
        created_by: upload.createdBy,
        filename: upload.filename,
        declared_mime_type: upload.declaredMimeType,
        size_bytes: upload.sizeBytes,
        expires_at: raw('now() + make_interval(hours => ?)', [upload.lifetimeHours]),
      })
      .returning('*');
  }

  async byIdOf(id: string, userId: string, trx?: Knex.Transaction): Promise<UploadRow | undefined> {
    return this.uploads.query(trx).findOne({ id, created_by: userId });
  }

  /** Locks the row until `trx` ends: appends, completions and cancels of one upload never interleave. */
  async lockOf(id: string, userId: string, trx: Knex.Transaction): Promise<UploadRow | undefined> {
    return this.uploads.query(trx).findOne({ id, created_by: userId }).forUpdate();
  }

  async update(id: string, changes: Partial<Omit<UploadRow, 'id' | 'created_by' | 'created_at' | 'updated_at'>>, trx?: Knex.Transaction): Promise<UploadRow> {
    const row = await this.uploads
      .query(trx)
      .where({ id })
      .patch({ ...changes, updated_at: fn.now() })
      .returning('*')
      .first();
    return row!;
  }

  /** Serialises reservations across every server process until `trx` ends. */
  async lockReservations(trx: Knex.Transaction): Promise<void> {
    await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('media.disk-reservations'))`);
  }

  /**
   * Disk bytes that uploads in progress will still write: the rest of each part (size minus the
   * bytes received) and the stored copy completion makes of it (size again). A finalizing upload
   * has all its part, so it holds its size. An open upload past its expiry holds its reservation
   * until it is marked expired: the sweep's update waits for an append still streaming into it.
   */
  async reservedBytes(trx: Knex.Transaction): Promise<number> {
    const row = (await this.uploads
      .query(trx)
      .whereIn('status', RESERVING_STATUSES)
      .select(raw('coalesce(sum(2 * size_bytes - offset_bytes), 0) AS bytes'))
      .first()) as unknown as { bytes: string };
    return Number(row.bytes);
  }

  /** Open uploads past their expiry become `expired`; returns their ids. */
  async expireDue(): Promise<string[]> {
    const rows = await this.uploads
      .query()
      .whereIn('status', OPEN_STATUSES)
      .where('expires_at', '<=', fn.now())
      .patch({ status: 'expired', updated_at: fn.now() })
      .returning('id');
    return rows.map((r) => r.id);
  }

  /**
   * Completions abandoned mid-way (the process died and nobody retried) past the upload's expiry
   * become `failed`; returns them so the caller can remove what the completion had stored.
   */
  async failAbandonedFinalizing(): Promise<UploadRow[]> {
    return this.uploads
      .query()
      .where({ status: 'finalizing' })
      .where('expires_at', '<=', fn.now())
      .patch({ status: 'failed', error_code: 'finalize_abandoned', updated_at: fn.now() })
      .returning('*');
  }

  /** The statuses of these uploads, for deciding whose stored bytes are still needed. */
  async statusesOf(ids: string[]): Promise<Map<string, UploadStatus>> {
    if (!ids.length) return new Map();
    const rows = await this.uploads.query().findByIds(ids).select('id', 'status');
    return new Map(rows.map((r) => [r.id, r.status]));
  }
}
