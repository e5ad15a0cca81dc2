import { randomUUID } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { copyFile, mkdir, rm, stat } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import type { Principal } from '../../kernel/auth/principal.js';
import { AppError } from '../../kernel/errors.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { OrganizationReader } from '../auth/auth.api.js';
import type { OrganizationSettings } from '../settings/settings.api.js';
import { nextRunAfter, SCHEDULE_KEYS, scheduleOf } from './backup-schedule.js';
import { readArchive, readHeader } from './archive-reader.js';
import type { BackupActivity } from './backup-activity.js';
import { ArchiveProblem, archiveInvalid, backupJobActive, backupJobNotFound, backupNotFound, identityMismatch, lastBackupProtected } from './backup-errors.js';
import { backupsDir } from './backup-maker.js';
import { archiveView, jobView } from './backup-view.js';
import type { ArchiveRow, BackupsRepository, JobTrigger, NewJob } from './backups.repository.js';

export const RUN_JOB = 'backups.run-job';
/** How often the schedule is looked at: a moment missed by less than this is still taken. */
export const SCHEDULE_TICK_MS = 60_000;
const DAY_MS = 86_400_000;
/** A running job not touched for this long was left by a process that died (the runner touches it every 20 s). */
const ABANDONED_AFTER_SECONDS = 120;

type Deps = Pick<KernelDeps, 'db' | 'jobs' | 'config' | 'auditLog' | 'logger'> & {
  organization: OrganizationReader;
  settingsService: OrganizationSettings;
  backupsRepository: BackupsRepository;
  backupActivity: BackupActivity;
};

/** The backups API's rules: one job at a time, the last complete archive kept unless forced, archives served as files. */
export class BackupsService {
  constructor(private readonly d: Deps) {}

  private pathOf(archive: ArchiveRow): string {
    return join(backupsDir(this.d.config.dataDir), archive.file_name);
  }

  /** An archive row with its status as the disk has it now (`missing` once its file is gone). */
  private async withFileStatus(archive: ArchiveRow): Promise<ArchiveRow> {
    if (archive.status !== 'complete') return archive;
    const found = await stat(this.pathOf(archive)).catch(() => undefined);
    return found ? archive : { ...archive, status: 'missing' };
  }

  async list() {
    const [archives, active, recent, lastScheduled] = await Promise.all([
      this.d.backupsRepository.listArchives(),
      this.d.backupsRepository.activeJob(),
      this.d.backupsRepository.recentJobs(10),
      this.d.backupsRepository.lastJobOf('scheduled'),
    ]);
    const backups = await Promise.all(archives.map((a) => this.withFileStatus(a)));
    const last = backups.find((a) => a.status === 'complete');
    const schedule = scheduleOf(await this.d.settingsService.values(SCHEDULE_KEYS));
    const now = Date.now();
    const lastRunAt = lastScheduled?.created_at.getTime();
    return {
      backups: backups.map(archiveView),
      currentJob: active ? jobView(active) : null,
      recentJobs: recent.map(jobView),
      lastSuccessful: last ? archiveView(last) : null,
      schedule: {
        ...(lastRunAt ? { lastRunAt: new Date(lastRunAt).toISOString() } : {}),
        ...(schedule.enabled ? { nextRunAt: new Date(nextRunAfter(schedule, Math.max(now, lastRunAt ?? 0))).toISOString() } : {}),
      },
    };
  }

  async archive(id: string): Promise<ArchiveRow> {
    const found = await this.d.backupsRepository.archive(id);
    if (!found) throw backupNotFound();
    return this.withFileStatus(found);
  }

  async job(id: string) {
    const found = await this.d.backupsRepository.job(id);
    if (!found) throw backupJobNotFound();
    return jobView(found);
  }

  async currentJob() {
    const found = await this.d.backupsRepository.activeJob();
    return found ? jobView(found) : null;
  }

  createBackup(trigger: JobTrigger) {
    return this.enqueue({ kind: 'backup', trigger, archive_id: null });
  }

  /**
   * Records a job the caller runs itself (the command line, which runs no job queue), under the
   * same one-at-a-time rule; it then runs it with `BackupRunner.run`.
   */
  async startInProcess(job: Omit<NewJob, 'id' | 'trigger'>) {
    return this.enqueue({ ...job, trigger: 'cli' }, false);
  }

  async verify(id: string) {
    const archive = await this.usable(id);
    return this.enqueue({ kind: 'verify', trigger: 'manual', archive_id: archive.id });
  }

  /** The archive, present and complete; 422 `backup_archive_invalid` otherwise. */
  private async usable(id: string): Promise<ArchiveRow> {
    const archive = await this.archive(id);
    if (archive.status !== 'complete') throw archiveInvalid(`its file is ${archive.status}`);
    return archive;
  }

  /** Fails running jobs whose process died, so the next job may start and file writes are taken again. */
  async failAbandoned(): Promise<void> {
    if (await this.d.backupsRepository.failAbandoned(ABANDONED_AFTER_SECONDS)) await this.d.backupActivity.changed();
  }

  private async enqueue(job: Omit<NewJob, 'id'>, queued = true) {
    await this.failAbandoned();
    const row = await this.d.db.transaction(async (trx) => {
      const inserted = await this.d.backupsRepository.insertJob({ ...job, id: randomUUID() }, trx);
      if (queued) await this.d.jobs.send(RUN_JOB, { jobId: inserted.id }, { trx });
      return inserted;
    });
    await this.d.backupActivity.changed();
    return jobView(row);
  }

  /**
   * Queues the scheduled backup when its moment has come since the last one. The first time, only
   * a moment within the last tick counts: turning the schedule on does not start a backup at once.
   */
  async runSchedule(now = Date.now()): Promise<void> {
    await this.failAbandoned();
    const schedule = scheduleOf(await this.d.settingsService.values(SCHEDULE_KEYS));
    if (!schedule.enabled) return;
    const last = await this.d.backupsRepository.lastJobOf('scheduled');
    if (nextRunAfter(schedule, last ? last.created_at.getTime() : now - SCHEDULE_TICK_MS) > now) return;
    try {
      await this.createBackup('scheduled');
    } catch (err) {
      // Another job runs: the next tick tries again.
      if (!(err instanceof AppError && err.code === 'backup_job_active')) throw err;
    }
  }

  /** After a scheduled backup: scheduled archives beyond the newest N or older than D days go; the last complete backup never does. */
  async applyRetention(): Promise<void> {
    const schedule = scheduleOf(await this.d.settingsService.values(SCHEDULE_KEYS));
    const cutoff = Date.now() - schedule.maxAgeDays * DAY_MS;
    const scheduled = (await this.d.backupsRepository.listArchives()).filter((a) => a.kind === 'scheduled' && a.status === 'complete');
    for (const [i, archive] of scheduled.entries()) {
      if (i < schedule.maxCount && archive.created_at.getTime() >= cutoff) continue;
      try {
        await this.remove(archive.id, false, { kind: 'system' }, undefined, 'retention');
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'last_backup_protected')) throw err;
      }
    }
  }

  async remove(id: string, force: boolean, actor: Principal | { kind: 'system' }, ip?: string, reason = 'deleted'): Promise<void> {
    const archive = await this.archive(id);
    const active = await this.d.backupsRepository.activeJob();
    if (active?.archive_id === id) throw backupJobActive();
    const last = await this.d.backupsRepository.lastComplete();
    if (!force && last?.id === id && archive.status === 'complete') throw lastBackupProtected();
    await rm(this.pathOf(archive), { force: true });
    await this.d.backupsRepository.deleteArchive(id);
    await this.d.auditLog.record({
      action: 'backup.deleted',
      actor,
      resourceType: 'backup',
      resourceId: id,
      ip,
      metadata: { fileName: archive.file_name, kind: archive.kind, sizeBytes: Number(archive.size_bytes), forced: force, reason },
    });
  }

  async download(id: string): Promise<FileToSend> {
    const archive = await this.archive(id);
    if (archive.status !== 'complete') throw backupNotFound();
    const path = this.pathOf(archive);
    const found = await stat(path);
    return {
      size: found.size,
      mimeType: 'application/x-tar',
      sha256: archive.archive_sha256,
      lastModified: found.mtime,
      filename: archive.file_name,
      attachment: true,
      open: async (span) => createReadStream(path, { start: span.start, end: span.end }),
    };
  }

  /** Queues a restore; another installation's archive only when `confirmIdentityMismatch` (409 `backup_identity_mismatch`). */
  async restore(id: string, confirmIdentityMismatch: boolean) {
    const plan = await this.plan(id);
    if (plan.identityMismatch && !confirmIdentityMismatch) throw identityMismatch();
    return this.enqueue({ kind: 'restore', trigger: 'manual', archive_id: id, confirm_identity_mismatch: confirmIdentityMismatch });
  }

  /** Takes an archive file from elsewhere (another machine's backup) into DATA_DIR/backups, checked through, as `imported`. */
  async importArchive(source: string): Promise<ArchiveRow> {
    const dir = backupsDir(this.d.config.dataDir);
    await mkdir(dir, { recursive: true });
    const fileName = basename(source);
    const path = join(dir, fileName);
    if (resolve(source) !== path) await copyFile(source, path, constants.COPYFILE_EXCL);
    const read = await readArchive(path).catch(asInvalid);
    const row: ArchiveRow = {
      id: randomUUID(),
      file_name: fileName,
      kind: 'imported',
      status: 'complete',
      size_bytes: read.sizeBytes,
      archive_sha256: read.sha256,
      signage_version: read.manifest.signageVersion,
      schema_version: read.manifest.schemaVersion,
      installation_id: read.manifest.installationId,
      organization_name: read.manifest.organizationName,
      components: read.manifest.components,
      verification: 'verified',
      verified_at: new Date(),
      created_at: new Date(read.manifest.createdAt),
    };
    await this.d.backupsRepository.insertArchive(row);
    return row;
  }

  /** What restoring the archive would do: whose it is, and whether it belongs to another installation. */
  async plan(id: string) {
    const archive = await this.usable(id);
    const [header, organization] = await Promise.all([readHeader(this.pathOf(archive)).catch(asInvalid), this.d.organization.get()]);
    return {
      archive: archiveView(archive),
      organizationName: header.organizationName,
      installationId: header.installationId,
      signageVersion: header.signageVersion,
      tilecastVersion: header.signageVersion,
      schemaVersion: header.schemaVersion,
      createdAt: header.createdAt,
      sizeBytes: Number(archive.size_bytes),
      components: archive.components,
      identityMismatch: header.installationId !== organization.installationId && organization.name !== null,
      currentInstallationId: organization.installationId,
    };
  }
}

const asInvalid = (err: unknown): never => {
  throw err instanceof ArchiveProblem ? archiveInvalid(err.message) : err;
};
