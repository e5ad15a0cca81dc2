import { join } from 'node:path';
import { AppError } from '../../kernel/errors.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { readArchive } from './archive-reader.js';
import type { BackupActivity } from './backup-activity.js';
import { ArchiveProblem, backupNotFound } from './backup-errors.js';
import { type BackupMaker, backupsDir, type Progress } from './backup-maker.js';
import type { BackupRestorer } from './backup-restorer.js';
import type { ArchiveRow, BackupsRepository, JobRow } from './backups.repository.js';
import type { BackupsService } from './backups.service.js';

type Deps = Pick<KernelDeps, 'config' | 'logger' | 'auditLog'> & {
  backupsRepository: BackupsRepository;
  backupActivity: BackupActivity;
  backupMaker: BackupMaker;
  backupRestorer: BackupRestorer;
  backupsService: BackupsService;
};

// Progress is written at most this often (and on every change of phase).
const PROGRESS_EVERY_MS = 1_000;
/** How often a running job says its process is still at it (a job silent for ABANDONED_AFTER_SECONDS is failed). */
const ALIVE_EVERY_MS = 20_000;

/** Runs one queued backup job to its end, recording its phase, progress and outcome on its row. */
export class BackupRunner {
  constructor(private readonly d: Deps) {}

  /**
   * `retried`: pg-boss delivers the job again because the process that ran it died. `observe`
   * sees every report of progress (the command line prints them).
   */
  async run(jobId: string, signal: AbortSignal, retried: boolean, observe?: Progress): Promise<void> {
    const job = await this.d.backupsRepository.claim(jobId);
    if (!job) {
      // Delivered twice, or already ended; delivered again because the process running it died.
      if (retried) await this.d.backupsService.failAbandoned();
      return;
    }
    await this.d.backupActivity.changed();
    const progress = this.reporter(job, observe);
    const alive = setInterval(() => {
      this.d.backupsRepository.touch(job.id).catch((err) => this.d.logger.warn({ err }, 'backup job not touched'));
    }, ALIVE_EVERY_MS);
    try {
      if (job.kind === 'backup') {
        const archive = await this.d.backupMaker.make(job.trigger === 'scheduled' ? 'scheduled' : 'manual', progress.report, signal);
        await progress.flush(archive.id);
        await this.verify(archive, progress.report);
      } else {
        const archive = await this.d.backupsRepository.archive(job.archive_id ?? '');
        if (!archive) throw backupNotFound();
        if (job.kind === 'verify') await this.verify(archive, progress.report);
        else {
          await this.d.backupRestorer.restore(job, archive, progress.report, signal);
          // In the restored log: what was there before is in the pre-restore backup.
          await this.d.auditLog.record({
            action: 'backup.restored',
            actor: { kind: 'system' },
            resourceType: 'backup',
            resourceId: archive.id,
            metadata: { fileName: archive.file_name, trigger: job.trigger },
          });
          await this.d.backupActivity.restored();
        }
      }
      await progress.flush();
      await this.d.backupsRepository.finish(job.id, { status: 'succeeded' });
      if (job.trigger === 'scheduled') await this.d.backupsService.applyRetention();
    } catch (err) {
      const code =
        err instanceof AppError ? err.code : err instanceof ArchiveProblem ? 'backup_archive_invalid' : signal.aborted ? 'backup_interrupted' : 'backup_failed';
      this.d.logger.warn({ err, jobId, kind: job.kind }, 'backup job failed');
      await progress.flush();
      await this.d.backupsRepository.finish(job.id, { status: 'failed', code, message: (err as Error).message });
    } finally {
      clearInterval(alive);
      await this.d.backupActivity.changed();
    }
  }

  /** Reads the archive through, checking every entry against its manifest and the archive's checksum; records the outcome. */
  private async verify(archive: ArchiveRow, progress: Progress): Promise<void> {
    const path = join(backupsDir(this.d.config.dataDir), archive.file_name);
    const size = Number(archive.size_bytes);
    progress('verifying', 0);
    try {
      const read = await readArchive(path, undefined, (bytes) => progress('verifying', size ? Math.min(99, Math.floor((100 * bytes) / size)) : 0));
      if (read.sha256 !== archive.archive_sha256) throw new ArchiveProblem('the archive’s checksum differs from the one recorded when it was made');
    } catch (err) {
      await this.d.backupsRepository.setVerification(archive.id, 'failed', new Date());
      throw err;
    }
    await this.d.backupsRepository.setVerification(archive.id, 'verified', new Date());
  }

  /** Writes phase changes at once and percent moves at most every PROGRESS_EVERY_MS; flush writes what is left. */
  private reporter(job: JobRow, observe?: Progress) {
    let phase = job.phase;
    let percent = job.progress_percent;
    let writtenAt = 0;
    let writing: Promise<void> = Promise.resolve();
    const write = (archiveId?: string, moved = false) => {
      writtenAt = Date.now();
      const [p, n] = [phase, percent];
      writing = writing
        .then(async () => {
          await this.d.backupsRepository.progress(job.id, p, n, archiveId);
          // Every process's 503 during a restore names the phase.
          if (moved) await this.d.backupActivity.changed();
        })
        .catch((err) => this.d.logger.warn({ err }, 'backup progress not written'));
      return writing;
    };
    return {
      report: (next: string, nextPercent: number) => {
        observe?.(next, nextPercent);
        const moved = next !== phase;
        phase = next;
        percent = nextPercent;
        if (moved || Date.now() - writtenAt >= PROGRESS_EVERY_MS) void write(undefined, moved);
      },
      flush: (archiveId?: string) => write(archiveId),
    };
  }
}
