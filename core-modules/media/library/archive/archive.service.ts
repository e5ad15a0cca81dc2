import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { missingAssets } from '../library-errors.js';
import type { LibraryBaseDeps } from '../library-base-deps.js';

type Deps = Pick<LibraryBaseDeps, 'db' | 'auditLog' | 'assetsQueryRepository' | 'assetArchiveRepository' | 'assetUsage'>;

/**
 * Archive and restore many assets at once, all or nothing. Archived assets leave the library's
 * default view and must not be in use; the archived view also shows assets past their expiry.
 */
export class ArchiveService {
  constructor(private readonly d: Deps) {}

  archive(actor: ConsolePrincipal, assetIds: string[], ip: string): Promise<{ updated: number }> {
    return this.change('media.asset_archived', actor, assetIds, ip, async (trx) => {
      await this.d.assetUsage.assertUnused(assetIds, trx);
      return this.d.assetArchiveRepository.archive(assetIds, trx);
    });
  }

  restore(actor: ConsolePrincipal, assetIds: string[], ip: string): Promise<{ updated: number }> {
    return this.change('media.asset_restored', actor, assetIds, ip, (trx) => this.d.assetArchiveRepository.restore(assetIds, trx));
  }

  private async change(action: string, actor: ConsolePrincipal, assetIds: string[], ip: string, apply: (trx: Knex.Transaction) => Promise<number>) {
    return this.d.db.transaction(async (trx) => {
      const rows = await this.d.assetsQueryRepository.lockVisible(assetIds, trx);
      const missing = missingAssets(assetIds, rows);
      if (missing) throw missing;
      const updated = await apply(trx);
      for (const row of rows) {
        await this.d.auditLog.record({ action, actor, ip, resourceType: 'asset', resourceId: row.id, metadata: { name: row.name } }, trx);
      }
      return { updated };
    });
  }
}
