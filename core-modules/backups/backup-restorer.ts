import { join } from 'node:path';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { OrganizationReader } from '../auth/auth.api.js';
import { DB_PREFIX, MEDIA_PREFIX } from './archive-format.js';
import { readArchive } from './archive-reader.js';
import { ArchiveProblem } from './backup-errors.js';
import { type BackupMaker, backupsDir, type Progress } from './backup-maker.js';
import type { ArchiveRow, JobRow } from './backups.repository.js';
import { assertSameSchema, DatabaseRestore } from './database-restore.js';

type Deps = Pick<KernelDeps, 'db' | 'storage' | 'config' | 'migrationStates'> & { organization: OrganizationReader; backupMaker: BackupMaker };

const scaled = (from: number, to: number, done: number, total: number) => from + Math.floor(((to - from) * Math.min(done, total)) / Math.max(total, 1));

/**
 * Brings an archive back: checks it through, keeps what this server has in a `pre_restore` backup,
 * replaces the database's rows in one transaction, then puts back every stored file and removes
 * those the archive does not hold.
 */
export class BackupRestorer {
  constructor(private readonly d: Deps) {}

  async restore(job: JobRow, archive: ArchiveRow, progress: Progress, signal: AbortSignal): Promise<void> {
    const path = join(backupsDir(this.d.config.dataDir), archive.file_name);
    const size = Number(archive.size_bytes);
    progress('verifying_archive', 0);
    const checked = await readArchive(path, undefined, (bytes) => progress('verifying_archive', scaled(0, 20, bytes, size)));
    if (checked.sha256 !== archive.archive_sha256) throw new ArchiveProblem('the archive’s checksum differs from the one recorded for it');
    assertSameSchema(checked.header, await this.d.migrationStates());
    const organization = await this.d.organization.get();
    if (checked.header.installationId !== organization.installationId && organization.name !== null && !job.confirm_identity_mismatch)
      throw new ArchiveProblem('it is another installation’s archive, and the restore was not confirmed');
    signal.throwIfAborted();

    if (organization.name !== null) {
      progress('pre_restore_backup', 20);
      await this.d.backupMaker.make('pre_restore', (_phase, percent) => progress('pre_restore_backup', scaled(20, 40, percent, 100)), signal);
    }

    progress('restoring_database', 40);
    const database = new DatabaseRestore(this.d.db, checked.header);
    const kept = new Set<string>();
    let committed = false;
    const commit = async () => {
      await database.commit(checked.manifest.database.sequences);
      committed = true;
      progress('activating_files', 70);
    };
    try {
      await database.begin();
      await readArchive(
        path,
        async (name, entrySize, body) => {
          signal.throwIfAborted();
          if (name.startsWith(DB_PREFIX)) await database.load(name.slice(DB_PREFIX.length).split('/')[0]!, body);
          else if (name.startsWith(MEDIA_PREFIX)) {
            if (!committed) await commit();
            const key = name.slice(MEDIA_PREFIX.length);
            kept.add(key);
            await this.d.storage.put(key, body, entrySize);
          } else body.resume();
        },
        (bytes) => progress(committed ? 'activating_files' : 'restoring_database', committed ? scaled(70, 95, bytes, size) : scaled(40, 70, bytes, size)),
      );
      if (!committed) await commit();
    } catch (err) {
      if (!committed) await database.abort();
      throw err;
    }

    progress('finalizing', 95);
    const stale: string[] = [];
    for await (const key of this.d.storage.list('')) if (!kept.has(key)) stale.push(key);
    for (const key of stale) await this.d.storage.delete(key);
  }
}
