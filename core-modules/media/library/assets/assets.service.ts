import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { validationFailed, type ValidationIssue } from '../../../../kernel/errors.js';
import type { AssetRow } from '../../media.models.js';
import { PROCESSING_JOBS } from '../../processing/processing-job-names.js';
import type { AssetFilter } from '../assets-query.repository.js';
import type { LibraryAssetView } from '../library-asset-view.js';
import { assetNotFound } from '../library-errors.js';
import type { LibraryViewDeps } from '../library-view-deps.js';

type Deps = Pick<
  LibraryViewDeps,
  'db' | 'jobs' | 'auditLog' | 'assetsRepository' | 'assetsQueryRepository' | 'assetUsage' | 'assetViewBuilder' | 'playableTypes' | 'mediaEvents'
>;

export interface AssetChanges {
  name?: string;
  description?: string;
  /** The availability fields apply only when this is true; then a missing one is cleared. */
  availabilitySet?: boolean;
  availableFrom?: string | null;
  expiresAt?: string | null;
}

/** Listing, reading, editing and deleting library assets. */
export class AssetsService {
  constructor(private readonly d: Deps) {}

  async list(filter: AssetFilter): Promise<{ items: LibraryAssetView[]; total: number; page: number; pageSize: number }> {
    // Any registered type may be asked for; another is a mistake, not an empty list.
    if (filter.type && filter.type !== 'media' && !this.d.playableTypes.has(filter.type)) {
      throw validationFailed('The query is not valid.', [{ field: 'query/type', message: `No asset type ${filter.type}.` }]);
    }
    const { rows, total } = await this.d.assetsQueryRepository.page(filter);
    return { items: await this.d.assetViewBuilder.many(rows), total, page: filter.page, pageSize: filter.pageSize };
  }

  async get(id: string): Promise<LibraryAssetView> {
    const row = await this.d.assetsQueryRepository.visible(id);
    if (!row) throw assetNotFound();
    return this.d.assetViewBuilder.one(row);
  }

  async update(actor: ConsolePrincipal, id: string, changes: AssetChanges, ip: string): Promise<LibraryAssetView> {
    const update: Partial<AssetRow> = {};
    if (changes.name !== undefined) update.name = changes.name.trim();
    if (changes.description !== undefined) update.description = changes.description;
    if (changes.availabilitySet) Object.assign(update, availability(changes.availableFrom ?? null, changes.expiresAt ?? null));
    if (update.name === '') throw validationFailed('The asset name cannot be blank.', [{ field: 'body/name', message: 'must not be blank' }]);
    const row = await this.d.db.transaction(async (trx) => {
      const current = await this.d.assetsQueryRepository.visible(id, trx);
      if (!current) throw assetNotFound();
      const updated = Object.keys(update).length ? await this.d.assetsRepository.update(id, update, trx) : current;
      await this.d.auditLog.record(
        { action: 'media.asset_updated', actor, ip, resourceType: 'asset', resourceId: id, metadata: { fields: Object.keys(update) } },
        trx,
      );
      // Manifests carry its window (and a website's entry its name): screens playing it are told.
      if ('available_from' in update || 'name' in update) await this.d.mediaEvents.emit([{ assetId: id }], trx);
      return updated!;
    });
    return this.d.assetViewBuilder.one(row);
  }

  /**
   * Soft delete: the asset becomes `deleting` (gone from every list at once) and a job removes its
   * files. The job is enqueued in the same transaction, so it exists exactly when the change does.
   */
  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      const row = await this.d.assetsRepository.lock(id, trx);
      if (!row || row.processing_status === 'deleting') throw assetNotFound();
      await this.d.assetUsage.assertUnused([id], trx);
      await this.d.assetsRepository.transition(id, 'deleting', {}, trx);
      await this.d.jobs.send(PROCESSING_JOBS.deleteFiles, { assetId: id }, { trx });
      await this.d.auditLog.record(
        { action: 'media.asset_deleted', actor, ip, resourceType: 'asset', resourceId: id, metadata: { name: row.name, type: row.type } },
        trx,
      );
    });
  }
}

/** The window an asset may play in: the start inclusive, the end exclusive and in the future. */
function availability(from: string | null, to: string | null): Pick<AssetRow, 'available_from' | 'expires_at'> {
  const issues: ValidationIssue[] = [];
  const start = from === null ? null : new Date(from);
  const end = to === null ? null : new Date(to);
  if (start && end && start >= end) issues.push({ field: 'body/expiresAt', message: 'must be after availableFrom' });
  if (end && end.getTime() <= Date.now()) issues.push({ field: 'body/expiresAt', message: 'must be in the future' });
  if (issues.length) throw validationFailed('The availability window is invalid.', issues);
  return { available_from: start, expires_at: end };
}
