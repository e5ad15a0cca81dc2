import type { KernelDeps } from '../../kernel/kernel.js';
import { backupInProgress } from './backup-errors.js';
import type { BackupsRepository, JobRow } from './backups.repository.js';

const CHANNEL = 'backups.activity';

type Deps = Pick<KernelDeps, 'hub' | 'fileWriteGate' | 'logger'> & { backupsRepository: BackupsRepository };

/**
 * What every server process knows of the backup job under way: while a backup or restore is queued
 * or running, routes that write stored files are refused; while a restore runs, the API answers
 * 503. Kept in memory and re-read when any process says a job started, moved on or ended (on the
 * hub), so requests never query for it.
 */
export class BackupActivity {
  private active: JobRow | undefined;
  private reads = 0;

  constructor(private readonly d: Deps) {}

  listen(): void {
    this.d.hub.subscribe(CHANNEL, {
      message: () => void this.refresh(),
      reset: () => void this.refresh(),
    });
  }

  /** A restore replaced the data: every process drops what it keeps of the old (caches, consoles' sockets). */
  restored(): Promise<void> {
    return this.d.hub.resyncEverywhere();
  }

  /** Reads the active job; of reads that overlap, only the last one started is kept. */
  async refresh(): Promise<void> {
    const read = ++this.reads;
    try {
      const job = await this.d.backupsRepository.activeJob();
      if (read === this.reads) this.apply(job);
    } catch (err) {
      this.d.logger.warn({ err }, 'backups: could not read the active job');
    }
  }

  /** A job was queued, started, moved on or ended: this process knows at once, the others through the hub. */
  async changed(): Promise<void> {
    await this.refresh();
    await this.d.hub.publish(CHANNEL, {});
  }

  /** The restore replacing this server's data now, if any. */
  get restoring(): { phase: string; progressPercent: number } | undefined {
    const job = this.active;
    return job?.kind === 'restore' && job.status === 'running' ? { phase: job.phase, progressPercent: job.progress_percent } : undefined;
  }

  private apply(job: JobRow | undefined): void {
    this.active = job;
    if (job && job.kind !== 'verify') this.d.fileWriteGate.close(backupInProgress);
    else this.d.fileWriteGate.open();
  }
}
