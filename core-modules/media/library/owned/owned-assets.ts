import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { notFound } from '../../../../kernel/errors.js';
import { storageKeys } from '../../media-types.js';
import { PROCESSING_JOBS } from '../../processing/processing-job-names.js';
import type { LibraryViewDeps } from '../library-view-deps.js';
import type { LibraryAssetView } from '../library-asset-view.js';
import type { OwnedAssetFields, OwnedAssetType } from './owned-asset-fields.js';

type Deps = Pick<LibraryViewDeps, 'db' | 'jobs' | 'assetsRepository' | 'assetViewBuilder' | 'mediaEvents' | 'storage'> & { ownedAssetFields: OwnedAssetFields };

/** A live asset of an owned type, as its owner reads it. */
export interface OwnedAssetRow {
  id: string;
  name: string;
  description: string;
}

/** A still image standing for an owned asset in the library (its `thumbnailUrl`). */
export interface OwnedThumbnail {
  bytes: Buffer;
  mimeType: string;
  extension: string;
}

const EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/webp': '.webp' };

/**
 * Assets of a type another module owns (exported as `ownedAssets`): media keeps their rows (so the
 * library lists, shows, archives and deletes them like any other) and the owner keeps the rest in
 * its own tables, keyed by the asset id, writing both in one transaction. They are ready at once.
 */
export class OwnedAssets {
  constructor(private readonly d: Deps) {}

  /** Adds the owner's type; its field joins the asset JSON. In the owner's start hook. */
  register(type: OwnedAssetType): void {
    this.d.ownedAssetFields.register(type);
  }

  async create(actor: ConsolePrincipal, input: { type: string; name: string; description: string }, trx: Knex.Transaction): Promise<OwnedAssetRow> {
    this.assertOwned(input.type);
    const row = await this.d.assetsRepository.insert(
      { name: input.name, description: input.description, type: input.type, processing_status: 'ready', created_by: actor.userId },
      trx,
    );
    return { id: row.id, name: row.name, description: row.description };
  }

  /** The asset when it is a live one of `type`, locked until `trx` ends (a delete waits). */
  async lock(assetId: string, type: string, trx: Knex.Transaction): Promise<OwnedAssetRow | undefined> {
    const row = await this.d.assetsRepository.lock(assetId, trx);
    if (row?.type !== type || row.processing_status === 'deleting' || row.processing_status === 'deleted') return undefined;
    return { id: row.id, name: row.name, description: row.description };
  }

  async update(assetId: string, changes: { name?: string; description?: string }, trx: Knex.Transaction): Promise<void> {
    await this.d.assetsRepository.update(assetId, changes, trx);
  }

  /**
   * Deletes an asset its owner made for itself (a managed widget), as a person's delete does (gone
   * from lists at once, its files removed by a job) but without asking its users: the owner removed them.
   */
  async remove(assetId: string, type: string, trx: Knex.Transaction): Promise<void> {
    if (!(await this.lock(assetId, type, trx))) return;
    await this.d.assetsRepository.transition(assetId, 'deleting', {}, trx);
    await this.d.jobs.send(PROCESSING_JOBS.deleteFiles, { assetId }, { trx });
  }

  /** How these assets play changed: screens playing them are rebuilt once `trx` commits. */
  async changed(assetIds: string[], trx: Knex.Transaction): Promise<void> {
    await this.d.mediaEvents.emit(
      assetIds.map((assetId) => ({ assetId })),
      trx,
    );
  }

  /** The asset JSON, with its owner's field. */
  async view(assetId: string): Promise<LibraryAssetView> {
    const row = await this.d.assetsRepository.byId(assetId);
    // Deleted by another request since the owner's change committed.
    if (!row) throw notFound('not_found', 'No such asset.');
    return this.d.assetViewBuilder.one(row);
  }

  /** Stores the image as the asset's thumbnail, replacing the one it had. */
  async setThumbnail(assetId: string, image: OwnedThumbnail): Promise<void> {
    const key = storageKeys.variant(assetId, 'thumbnail', EXTENSIONS[image.mimeType] ?? image.extension);
    const before = await this.d.assetsRepository.variant(assetId, 'thumbnail');
    await this.d.storage.put(key, Readable.from([image.bytes]), image.bytes.length);
    await this.d.db.transaction(async (trx) => {
      await this.d.assetsRepository.upsertVariant(
        assetId,
        {
          kind: 'thumbnail',
          storage_key: key,
          mime_type: image.mimeType,
          file_size: image.bytes.length,
          sha256: createHash('sha256').update(image.bytes).digest('hex'),
        },
        trx,
      );
      await this.d.assetsRepository.update(assetId, {}, trx);
    });
    // Another format leaves the previous file behind under its own name.
    if (before && before.storage_key !== key) await this.d.storage.delete(before.storage_key);
  }

  private assertOwned(type: string): void {
    if (!this.d.ownedAssetFields.owner(type)) throw new Error(`asset type ${type} has no registered owner`);
  }
}
