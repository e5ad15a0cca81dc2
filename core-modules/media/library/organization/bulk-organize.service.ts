import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { validationFailed, type ValidationIssue } from '../../../../kernel/errors.js';
import { missingAssets, organizerNotFound } from '../library-errors.js';
import type { OrganizerKind } from './organization.repository.js';
import type { LibraryBaseDeps } from '../library-base-deps.js';

type Deps = Pick<LibraryBaseDeps, 'db' | 'auditLog' | 'assetsQueryRepository' | 'contentOrganizationRepository' | 'bulkOrganizeRepository'>;

export interface BulkOrganizeInput {
  assetIds: string[];
  /** Move the assets: to `folderId`, or to no folder when it is null or absent. */
  setFolder?: boolean;
  folderId?: string | null;
  addTagIds?: string[];
  removeTagIds?: string[];
  addCollectionIds?: string[];
  removeCollectionIds?: string[];
}

function overlap(a: string[] = [], b: string[] = []) {
  const set = new Set(a);
  return b.some((id) => set.has(id));
}

/** Moves and (un)labels many assets in one transaction: every id is checked before anything changes. */
export class BulkOrganizeService {
  constructor(private readonly d: Deps) {}

  async organize(actor: ConsolePrincipal, input: BulkOrganizeInput, ip: string): Promise<{ updated: number }> {
    const issues: ValidationIssue[] = [];
    if (input.folderId !== undefined && !input.setFolder) issues.push({ field: 'body/setFolder', message: 'must be true when folderId is given' });
    if (overlap(input.addTagIds, input.removeTagIds)) issues.push({ field: 'body/removeTagIds', message: 'must not repeat a tag being added' });
    if (overlap(input.addCollectionIds, input.removeCollectionIds))
      issues.push({ field: 'body/removeCollectionIds', message: 'must not repeat a collection being added' });
    if (issues.length) throw validationFailed('The bulk change contradicts itself.', issues);

    const { assetIds } = input;
    const tags = [...(input.addTagIds ?? []), ...(input.removeTagIds ?? [])];
    const collections = [...(input.addCollectionIds ?? []), ...(input.removeCollectionIds ?? [])];
    const folderId = input.setFolder ? (input.folderId ?? null) : undefined;
    return this.d.db.transaction(async (trx) => {
      const missing = missingAssets(assetIds, await this.d.assetsQueryRepository.lockVisible(assetIds, trx));
      if (missing) throw missing;
      await this.assertExist('folder', folderId ? [folderId] : [], trx);
      await this.assertExist('tag', tags, trx);
      await this.assertExist('collection', collections, trx);

      const repo = this.d.bulkOrganizeRepository;
      if (folderId !== undefined) await repo.setFolder(assetIds, folderId, trx);
      await repo.link('tag', assetIds, input.addTagIds ?? [], trx);
      await repo.unlink('tag', assetIds, input.removeTagIds ?? [], trx);
      await repo.link('collection', assetIds, input.addCollectionIds ?? [], trx);
      await repo.unlink('collection', assetIds, input.removeCollectionIds ?? [], trx);
      await repo.touch(assetIds, trx);
      await this.d.auditLog.record(
        {
          action: 'media.assets_organized',
          actor,
          ip,
          resourceType: 'asset',
          metadata: {
            assetIds,
            folderId,
            addTagIds: input.addTagIds,
            removeTagIds: input.removeTagIds,
            addCollectionIds: input.addCollectionIds,
            removeCollectionIds: input.removeCollectionIds,
          },
        },
        trx,
      );
      return { updated: assetIds.length };
    });
  }

  /** Locks the ones that exist (a concurrent delete waits) and names the ones that do not. */
  private async assertExist(kind: OrganizerKind, ids: string[], trx: Knex.Transaction) {
    const found = await this.d.contentOrganizationRepository.existing(kind, ids, trx);
    const missing = [...new Set(ids)].filter((id) => !found.has(id));
    if (missing.length) throw organizerNotFound(kind, missing);
  }
}
