import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { organizationRef } from '../auth/auth.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { BackupActivity } from './backup-activity.js';
import type { BackupMaker } from './backup-maker.js';
import type { BackupRestorer } from './backup-restorer.js';
import type { BackupRunner } from './backup-runner.js';
import type { BackupsRepository } from './backups.repository.js';
import type { BackupsService } from './backups.service.js';

export const backupsUses = { organization: organizationRef, settingsService: settingsServiceRef };

/** The backups module's container. */
export interface BackupsDeps extends KernelDeps, UsedDeps<typeof backupsUses> {
  backupsRepository: BackupsRepository;
  backupActivity: BackupActivity;
  backupMaker: BackupMaker;
  backupRestorer: BackupRestorer;
  backupRunner: BackupRunner;
  backupsService: BackupsService;
}
