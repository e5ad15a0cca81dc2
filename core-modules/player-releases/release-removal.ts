// Deleting releases: by an Owner, or by the retention job once they are old and unused. The row
// goes in a transaction that holds it against a deployment being created; the files after commit.
import type { Knex } from 'knex';
import type { AuditLog } from '../../kernel/audit-log.js';
import type { Principal } from '../../kernel/auth/principal.js';
import type { Storage } from '../../kernel/storage/storage.js';
import { releaseBusy, releaseInUse, releaseNotFound } from './release-errors.js';
import { removeReleaseFiles } from './release-files.js';
import type { ReleaseUses } from './release-uses.js';
import { downloadingNow, type ReleaseRow, type ReleasesRepository } from './releases.repository.js';

/** The reference keeps unused releases this long. */
export const RETENTION_DAYS = 90;

type Deps = { db: Knex; storage: Storage; auditLog: AuditLog; releasesRepository: ReleasesRepository; releaseUses: ReleaseUses };

export class ReleaseRemoval {
  constructor(private readonly d: Deps) {}

  async delete(principal: Principal, id: string, ip: string): Promise<{ id: string; deleted: true }> {
    const row = await this.d.db.transaction(async (trx) => {
      const found = await this.d.releasesRepository.lock(id, trx);
      if (!found) throw releaseNotFound();
      if (downloadingNow(found)) throw releaseBusy();
      if (await this.d.releaseUses.isUsed(id, trx)) throw releaseInUse();
      await this.d.releasesRepository.delete(id, trx);
      await this.d.auditLog.record(
        { action: 'player_release.deleted', actor: principal, resourceType: 'player_release', resourceId: id, ip, metadata: describe(found) },
        trx,
      );
      return found;
    });
    await removeReleaseFiles(this.d.storage, row.id, row.platform);
    return { id, deleted: true };
  }

  /** Deletes releases older than the retention that nothing uses (the newest installable of each platform stays). */
  async purgeOld(): Promise<number> {
    let removed = 0;
    for (const candidate of await this.d.releasesRepository.olderThan(RETENTION_DAYS)) {
      const gone = await this.d.db.transaction(async (trx) => {
        const row = await this.d.releasesRepository.lock(candidate.id, trx);
        if (!row || downloadingNow(row) || (await this.d.releaseUses.isUsed(row.id, trx))) return undefined;
        await this.d.releasesRepository.delete(row.id, trx);
        return row;
      });
      if (!gone) continue;
      await removeReleaseFiles(this.d.storage, gone.id, gone.platform);
      removed++;
    }
    return removed;
  }
}

const describe = (row: ReleaseRow) => ({ platform: row.platform, versionCode: row.version_code, versionName: row.version_name, source: row.source });
