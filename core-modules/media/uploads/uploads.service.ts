import type { Readable } from 'node:stream';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { uploadErrors } from './upload-errors.js';
import { OPEN_STATUSES } from './upload-sessions.repository.js';
import type { UploadsReserveDeps } from './uploads-reserve-deps.js';
import type { UploadRow } from './uploads.models.js';
import { uploadView, type UploadView } from './upload-view.js';

type Deps = Pick<UploadsReserveDeps, 'db' | 'logger' | 'storage' | 'mediaConfig' | 'diskReserve' | 'uploadSessionsRepository' | 'uploadParts'>;

export interface NewUploadInput {
  filename: string;
  mimeType: string;
  sizeBytes: number;
}

/** What a PATCH carries besides its body, as the client sent it. */
export interface AppendRequest {
  offset: string | undefined;
  contentType: string | undefined;
  contentLength: string | undefined;
  body: Readable;
}

const OFFSET = /^\d{1,16}$/;

function parseOffset(raw: string | undefined): number {
  if (!raw || !OFFSET.test(raw.trim()) || Number(raw) > Number.MAX_SAFE_INTEGER) throw uploadErrors.invalidOffset();
  return Number(raw);
}

const isOpen = (row: UploadRow) => OPEN_STATUSES.includes(row.status);
const isPastExpiry = (row: UploadRow) => row.expires_at.getTime() <= Date.now();

/**
 * Resumable uploads, the tus-like protocol of the reference: create, ask the offset, append at
 * exactly that offset, cancel. Completion lives in UploadCompletionService.
 */
export class UploadsService {
  constructor(private readonly d: Deps) {}

  async create(actor: ConsolePrincipal, input: NewUploadInput): Promise<UploadView> {
    const { maxUploadBytes, uploadLifetimeHours } = this.d.mediaConfig;
    if (input.sizeBytes > maxUploadBytes) throw uploadErrors.tooLarge(maxUploadBytes);
    const row = await this.d.db.transaction(async (trx) => {
      // The uploaded bytes, then the stored copy completion makes of them: twice the size, reserved
      // now so an accepted upload is not refused at the end.
      await this.d.diskReserve.reserve(2 * input.sizeBytes, trx);
      return this.d.uploadSessionsRepository.insert(
        {
          createdBy: actor.userId,
          filename: input.filename,
          declaredMimeType: input.mimeType,
          sizeBytes: input.sizeBytes,
          lifetimeHours: uploadLifetimeHours,
        },
        trx,
      );
    });
    return uploadView(row, maxUploadBytes);
  }

  /** The upload as HEAD shows it: one past its expiry reads as expired before the sweep marks it. */
  async get(actor: ConsolePrincipal, id: string): Promise<UploadRow> {
    const row = await this.d.uploadSessionsRepository.byIdOf(id, actor.userId);
    if (!row) throw uploadErrors.notFound();
    return isOpen(row) && isPastExpiry(row) ? { ...row, status: 'expired' } : row;
  }

  /**
   * Appends the body at the client's offset. The row stays locked while the bytes stream in, so two
   * PATCHes of one upload never interleave. Bytes are stored durably before the offset is committed; when
   * the client goes away mid-body, the bytes that did arrive count, and HEAD says where to go on.
   */
  async append(actor: ConsolePrincipal, id: string, req: AppendRequest): Promise<UploadRow> {
    const offset = parseOffset(req.offset);
    if (req.contentType && !req.contentType.trim().toLowerCase().startsWith('application/offset+octet-stream')) throw uploadErrors.contentType();
    const declared = req.contentLength && /^\d+$/.test(req.contentLength) ? Number(req.contentLength) : undefined;

    const outcome = await this.d.db.transaction(async (trx) => {
      const row = await this.d.uploadSessionsRepository.lockOf(id, actor.userId, trx);
      if (!row) throw uploadErrors.notFound();
      if (isOpen(row) && isPastExpiry(row)) {
        await this.d.uploadSessionsRepository.update(id, { status: 'expired' }, trx);
        return { error: uploadErrors.expired() }; // committed, then thrown
      }
      if (row.status === 'expired') throw uploadErrors.expired();
      if (!isOpen(row)) throw uploadErrors.stateConflict(row.status);
      if (offset !== Number(row.offset_bytes)) throw uploadErrors.offsetMismatch(Number(row.offset_bytes));
      const remaining = Number(row.size_bytes) - offset;
      if (declared !== undefined && declared > remaining) throw uploadErrors.chunkTooLarge(remaining);

      const result = await this.d.uploadParts.append(id, offset, req.body, remaining);
      if (result.overflow) return { error: uploadErrors.chunkTooLarge(remaining) };
      const updated = await this.d.uploadSessionsRepository.update(id, { offset_bytes: offset + result.written, status: 'uploading' }, trx);
      if (result.writeError) {
        this.d.logger.error({ err: result.writeError, uploadId: id }, 'writing upload bytes failed');
        return { error: result.writeError.code === 'ENOSPC' ? uploadErrors.insufficientStorage() : result.writeError };
      }
      if (result.interruption) return { error: uploadErrors.interrupted() };
      return { row: updated };
    });
    if ('error' in outcome) throw outcome.error;
    return outcome.row;
  }

  /** Cancels an open upload (its reservation goes) and deletes its bytes. Repeating it (or cancelling a dead upload) is harmless. */
  async cancel(actor: ConsolePrincipal, id: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const row = await this.d.uploadSessionsRepository.lockOf(id, actor.userId, trx);
      if (!row) throw uploadErrors.notFound();
      if (row.status === 'finalizing' || row.status === 'finalized') throw uploadErrors.stateConflict(row.status);
      if (isOpen(row)) await this.d.uploadSessionsRepository.update(id, { status: 'cancelled' }, trx);
    });
    await this.d.uploadParts.remove(id);
  }

  /**
   * The hourly sweep: open uploads past their expiry become expired, completions abandoned past it
   * fail (and what they stored is removed), which releases their reservations, and the stored bytes
   * no open upload needs is deleted.
   */
  async cleanExpired(): Promise<{ expired: number; abandoned: number; partsRemoved: number }> {
    const expired = await this.d.uploadSessionsRepository.expireDue();
    const abandoned = await this.d.uploadSessionsRepository.failAbandonedFinalizing();
    for (const row of abandoned) {
      // Failing it committed no asset row, so anything under its journaled asset id is an orphan.
      if (!row.final_asset_id) continue;
      for await (const key of this.d.storage.list(`assets/${row.final_asset_id}`)) await this.d.storage.delete(key);
    }
    const ids = await this.d.uploadParts.ids();
    const statuses = await this.d.uploadSessionsRepository.statusesOf(ids);
    let partsRemoved = 0;
    for (const id of ids) {
      const status = statuses.get(id);
      if (status === 'pending' || status === 'uploading' || status === 'finalizing') continue;
      await this.d.uploadParts.remove(id);
      partsRemoved++;
    }
    return { expired: expired.length, abandoned: abandoned.length, partsRemoved };
  }
}
