import { DATABASE_RETRY_AFTER_SECONDS } from '../../kernel/db/database.js';
import { AppError, conflict, invalidInput, notFound } from '../../kernel/errors.js';

export const backupNotFound = () => notFound('backup_not_found', 'No such backup.');
export const backupJobNotFound = () => notFound('backup_job_not_found', 'No such backup job.');
export const backupJobActive = () => conflict('backup_job_active', 'Another backup, verification or restore is queued or running; wait for it to end.');
export const lastBackupProtected = () =>
  conflict('last_backup_protected', 'This is the last complete backup. Delete it with `force=true` if you really mean to.');
export const archiveInvalid = (reason: string) => invalidInput('backup_archive_invalid', `The archive cannot be used: ${reason}`);
export const identityMismatch = () =>
  conflict('backup_identity_mismatch', 'The archive is another installation’s; confirm with `confirmIdentityMismatch` to replace this one with it.');
export const backupInProgress = () => conflict('backup_in_progress', 'A backup is copying the stored files; file changes wait until it ends.');
export const restoreInProgress = (details: { phase: string; progressPercent: number }) =>
  new AppError('unavailable', 'restore_in_progress', 'A restore is replacing this server’s data; it will be back shortly.', details, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

/** Something wrong with an archive's contents, found while reading it. */
export class ArchiveProblem extends Error {
  override name = 'ArchiveProblem';
}
