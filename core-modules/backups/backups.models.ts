import { TableModel } from '../../kernel/db/table-model.js';
import type { ArchiveRow, JobRow } from './backups.repository.js';

/** A row of `backup_archives`: one archive file under DATA_DIR/backups. */
export class ArchiveModel extends TableModel {
  static override tableName = 'backup_archives';
  static override jsonAttributes = ['components'];
}
export interface ArchiveModel extends ArchiveRow {}

/** A row of `backup_jobs`: one backup, verification or restore. */
export class JobModel extends TableModel {
  static override tableName = 'backup_jobs';
}
export interface JobModel extends JobRow {}
