import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { mapUniqueViolation } from '../../kernel/db/database.js';
import type { ArchiveComponent } from './archive-format.js';
import { backupJobActive } from './backup-errors.js';
import { ArchiveModel, JobModel } from './backups.models.js';

export type ArchiveKind = 'manual' | 'scheduled' | 'pre_restore' | 'imported';
export type JobKind = 'backup' | 'verify' | 'restore';
export type JobTrigger = 'manual' | 'scheduled' | 'cli';
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

export interface ArchiveRow {
  id: string;
  file_name: string;
  kind: ArchiveKind;
  status: 'complete' | 'missing' | 'unrecognized';
  size_bytes: number;
  archive_sha256: string;
  signage_version: string;
  schema_version: number;
  installation_id: string;
  organization_name: string;
  components: ArchiveComponent[];
  verification: 'unverified' | 'verified' | 'failed';
  verified_at: Date | null;
  created_at: Date;
}

export interface JobRow {
  id: string;
  kind: JobKind;
  trigger: JobTrigger;
  archive_id: string | null;
  status: JobStatus;
  phase: string;
  progress_percent: number;
  error_code: string | null;
  error_message: string | null;
  confirm_identity_mismatch: boolean;
  created_at: Date;
  completed_at: Date | null;
  alive_at: Date | null;
}

export type NewJob = Pick<JobRow, 'id' | 'kind' | 'trigger' | 'archive_id'> & Partial<Pick<JobRow, 'confirm_identity_mismatch'>>;

const ACTIVE: JobStatus[] = ['queued', 'running'];

export class BackupsRepository {
  private readonly archives: typeof ArchiveModel;
  private readonly jobs: typeof JobModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.archives = ArchiveModel.bindKnex(db);
    this.jobs = JobModel.bindKnex(db);
  }

  async listArchives(): Promise<ArchiveRow[]> {
    return await this.archives.query().orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'file_name', order: 'desc' },
    ]);
  }

  async archive(id: string): Promise<ArchiveRow | undefined> {
    return await this.archives.query().findById(id);
  }

  /** The newest complete archive, or undefined. */
  async lastComplete(): Promise<ArchiveRow | undefined> {
    return await this.archives.query().where('status', 'complete').orderBy('created_at', 'desc').first();
  }

  async insertArchive(row: ArchiveRow): Promise<void> {
    await this.archives.query().insert(row);
  }

  async setVerification(id: string, verification: ArchiveRow['verification'], at: Date): Promise<void> {
    await this.archives.query().findById(id).patch({ verification, verified_at: at });
  }

  async deleteArchive(id: string): Promise<void> {
    await this.archives.query().deleteById(id);
  }

  /** Inserts a queued job; 409 `backup_job_active` while another is queued or running. */
  async insertJob(job: NewJob, trx: Knex.Transaction): Promise<JobRow> {
    try {
      return await this.jobs
        .query(trx)
        .insert({ ...job, status: 'queued', phase: 'queued', progress_percent: 0 })
        .returning('*');
    } catch (err) {
      mapUniqueViolation(err, () => backupJobActive());
    }
  }

  async job(id: string): Promise<JobRow | undefined> {
    return await this.jobs.query().findById(id);
  }

  async activeJob(): Promise<JobRow | undefined> {
    return await this.jobs.query().whereIn('status', ACTIVE).first();
  }

  async recentJobs(limit: number): Promise<JobRow[]> {
    return await this.jobs.query().orderBy('created_at', 'desc').limit(limit);
  }

  async lastJobOf(trigger: JobTrigger): Promise<JobRow | undefined> {
    return await this.jobs.query().where('trigger', trigger).orderBy('created_at', 'desc').first();
  }

  /** Claims a queued job for running; undefined when another delivery already did. */
  async claim(id: string): Promise<JobRow | undefined> {
    const [row] = await this.jobs.query().patch({ status: 'running', phase: 'starting', alive_at: new Date() }).where({ id, status: 'queued' }).returning('*');
    return row;
  }

  /** The running job's process is still at it. */
  async touch(id: string): Promise<void> {
    await this.jobs.query().findById(id).where('status', 'running').patch({ alive_at: new Date() });
  }

  /** Fails running jobs whose process stopped touching them `staleSeconds` ago (it died); how many there were. */
  async failAbandoned(staleSeconds: number): Promise<number> {
    return await this.jobs
      .query()
      .where('status', 'running')
      .where('alive_at', '<', this.jobs.knex().raw(`now() - make_interval(secs => ?)`, [staleSeconds]))
      .patch({
        status: 'failed',
        phase: 'error',
        error_code: 'backup_interrupted',
        error_message: 'The server process running it stopped.',
        completed_at: new Date(),
      });
  }

  async progress(id: string, phase: string, progressPercent: number, archiveId?: string): Promise<void> {
    await this.jobs
      .query()
      .findById(id)
      .patch({ phase, progress_percent: progressPercent, ...(archiveId ? { archive_id: archiveId } : {}) });
  }

  async finish(id: string, outcome: { status: 'succeeded' } | { status: 'failed'; code: string; message: string }): Promise<void> {
    await this.jobs
      .query()
      .findById(id)
      .patch(
        outcome.status === 'succeeded'
          ? { status: 'succeeded', phase: 'complete', progress_percent: 100, completed_at: new Date() }
          : { status: 'failed', phase: 'error', error_code: outcome.code, error_message: outcome.message, completed_at: new Date() },
      );
  }
}
