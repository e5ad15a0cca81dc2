import { createHash, randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { assetView, type AssetView } from '../asset-view.js';
import { storageKeys } from '../media-types.js';
import { KeyedMutex } from './keyed-mutex.js';
import { sniffMediaType, SNIFF_BYTES, type SniffedType } from './sniff-media-type.js';
import { uploadErrors } from './upload-errors.js';
import type { UploadRow } from './uploads.models.js';
import type { UploadsReserveDeps } from './uploads-reserve-deps.js';

type Deps = Pick<UploadsReserveDeps, 'db' | 'storage' | 'jobs' | 'auditLog' | 'diskReserve' | 'assetsRepository' | 'uploadSessionsRepository' | 'uploadParts'>;

const NAME_MAX = 180;

/** The asset's name: the file name without its folder and extension, or "Untitled media". */
export function assetNameFrom(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const stem = (base.includes('.') ? base.slice(0, base.lastIndexOf('.')) : base).trim();
  return stem ? [...stem].slice(0, NAME_MAX).join('').trim() : 'Untitled media';
}

type Claim = { assetId: string } | { row: UploadRow } | { error: Error };

/**
 * Turns a fully uploaded file into an asset. Crash-safe by journaling: the asset id is committed on
 * the upload row (status `finalizing`) before anything is stored, the original is stored under a
 * key derived from it, and the asset, its variant, the finalized upload and the inspect job commit
 * together. A completion that dies anywhere in between is finished by the next call with the same
 * id; one that is never retried is failed by the cleanup job, which removes what it stored.
 */
export class UploadCompletionService {
  // One completion per upload at a time in this process. Across processes two may overlap; both
  // then store identical bytes under the same key and the final transaction lets exactly one win.
  private readonly mutex = new KeyedMutex();

  constructor(private readonly d: Deps) {}

  complete(actor: ConsolePrincipal, id: string, ip?: string): Promise<AssetView> {
    return this.mutex.run(id, () => this.completeOnce(actor, id, ip));
  }

  private async completeOnce(actor: ConsolePrincipal, id: string, ip?: string): Promise<AssetView> {
    const claim = await this.claim(actor, id);
    if ('error' in claim) throw claim.error;
    if ('assetId' in claim) return this.view(claim.assetId);
    const row = claim.row;
    const assetId = row.final_asset_id!;
    const size = Number(row.size_bytes);

    const partSize = await this.d.uploadParts.size(id);
    if (partSize < size) return this.settleFailure(actor, id, 'upload_part_missing');
    const sniffed = sniffMediaType(await this.d.uploadParts.head(id, SNIFF_BYTES));
    if (!sniffed) return this.settleFailure(actor, id, 'unsupported_media_type');

    const key = storageKeys.variant(assetId, 'original', sniffed.ext);
    const sha256 = await this.storeOriginal(id, key, size).catch((err: NodeJS.ErrnoException) => {
      throw err.code === 'ENOSPC' ? uploadErrors.insufficientStorage() : err;
    });
    const done = await this.d.db.transaction(async (trx) => {
      const current = await this.d.uploadSessionsRepository.lockOf(id, actor.userId, trx);
      if (current?.status === 'finalized' && current.resulting_asset_id) return current.resulting_asset_id;
      if (current?.status !== 'finalizing' || current.final_asset_id !== assetId) throw uploadErrors.stateConflict(current?.status ?? 'gone');
      await this.insertAsset(actor, current, assetId, key, sniffed, sha256, trx);
      await this.d.uploadSessionsRepository.update(id, { status: 'finalized', resulting_asset_id: assetId }, trx);
      await this.d.auditLog.record(
        {
          action: 'media.upload_finalized',
          actor,
          ip,
          resourceType: 'asset',
          resourceId: assetId,
          metadata: { uploadId: id, sizeBytes: size, detectedMimeType: sniffed.mimeType },
        },
        trx,
      );
      await this.d.jobs.send('media.inspect-asset', { assetId }, { trx });
      return assetId;
    });
    await this.d.uploadParts.remove(id);
    return this.view(done);
  }

  /** Under the row lock: decides what this call does, and journals the asset id for a fresh completion. */
  private claim(actor: ConsolePrincipal, id: string): Promise<Claim> {
    return this.d.db.transaction(async (trx): Promise<Claim> => {
      const row = await this.d.uploadSessionsRepository.lockOf(id, actor.userId, trx);
      if (!row) throw uploadErrors.notFound();
      switch (row.status) {
        case 'finalized':
          return { assetId: row.resulting_asset_id! };
        case 'finalizing':
          await this.assertRoomFor(row);
          return { row }; // an earlier completion died mid-way: finish its work
        case 'failed':
          throw row.error_code === 'unsupported_media_type' ? uploadErrors.unsupportedMedia() : uploadErrors.stateConflict(row.status);
        case 'expired':
          throw uploadErrors.expired();
        case 'cancelled':
          throw uploadErrors.stateConflict(row.status);
      }
      if (row.expires_at.getTime() <= Date.now()) {
        await this.d.uploadSessionsRepository.update(id, { status: 'expired' }, trx);
        return { error: uploadErrors.expired() };
      }
      if (Number(row.offset_bytes) !== Number(row.size_bytes)) throw uploadErrors.incomplete(Number(row.offset_bytes), Number(row.size_bytes));
      // Checked before journaling, so an upload refused here can still be cancelled.
      await this.assertRoomFor(row);
      return { row: await this.d.uploadSessionsRepository.update(id, { status: 'finalizing', final_asset_id: randomUUID() }, trx) };
    });
  }

  /**
   * Storing the original copies the uploaded bytes, so the disk briefly holds the file twice. That copy was
   * reserved at create; this refuses only when writers outside the reservations took the room since.
   */
  private assertRoomFor(row: UploadRow): Promise<void> {
    return this.d.diskReserve.assertFree(Number(row.size_bytes));
  }

  /** Copies the uploaded bytes into the original, hashing on the way: they are read exactly once. */
  private async storeOriginal(id: string, key: string, size: number): Promise<string> {
    const hash = createHash('sha256');
    const source = this.d.uploadParts.read(id, size);
    const hashing = new Transform({
      transform(chunk: Buffer, _enc, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    source.on('error', (err) => hashing.destroy(err));
    const stored = await this.d.storage.put(key, source.pipe(hashing), size);
    if (stored.size !== size) throw new Error(`stored ${stored.size} bytes of upload ${id}, expected ${size}`);
    return hash.digest('hex');
  }

  private async insertAsset(
    actor: ConsolePrincipal,
    upload: UploadRow,
    assetId: string,
    key: string,
    sniffed: SniffedType,
    sha256: string,
    trx: Knex.Transaction,
  ) {
    const size = Number(upload.size_bytes);
    await this.d.assetsRepository.insertWithId(
      assetId,
      {
        name: assetNameFrom(upload.filename),
        type: sniffed.type,
        original_filename: upload.filename,
        declared_mime_type: upload.declared_mime_type,
        detected_mime_type: sniffed.mimeType,
        sha256,
        original_size: size,
        created_by: actor.userId,
        processing_status: 'queued',
      },
      trx,
    );
    await this.d.assetsRepository.upsertVariant(assetId, { kind: 'original', storage_key: key, mime_type: sniffed.mimeType, file_size: size, sha256 }, trx);
  }

  /**
   * Fails the upload unless another process finished it meanwhile (then answers its asset), and
   * deletes the bytes: a file of the wrong type will not become the right one on a retry.
   */
  private async settleFailure(actor: ConsolePrincipal, id: string, code: 'unsupported_media_type' | 'upload_part_missing'): Promise<AssetView> {
    const finishedBy = await this.d.db.transaction(async (trx) => {
      const row = await this.d.uploadSessionsRepository.lockOf(id, actor.userId, trx);
      if (row?.status === 'finalized' && row.resulting_asset_id) return row.resulting_asset_id;
      if (row?.status === 'finalizing') await this.d.uploadSessionsRepository.update(id, { status: 'failed', error_code: code }, trx);
      return undefined;
    });
    if (finishedBy) return this.view(finishedBy);
    await this.d.uploadParts.remove(id);
    throw code === 'unsupported_media_type' ? uploadErrors.unsupportedMedia() : uploadErrors.stateConflict('failed');
  }

  private async view(assetId: string): Promise<AssetView> {
    const asset = await this.d.assetsRepository.byId(assetId);
    if (!asset) throw uploadErrors.notFound();
    return assetView(asset, await this.d.assetsRepository.variants(assetId));
  }
}
