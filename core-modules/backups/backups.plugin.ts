import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { BackupActivity } from './backup-activity.js';
import { BackupMaker } from './backup-maker.js';
import { BackupRunner } from './backup-runner.js';
import { backupsUses, type BackupsDeps } from './backups-deps.js';
import { backupsJobs } from './backups.jobs.js';
import { BackupsRepository } from './backups.repository.js';
import { backupsRoutes } from './backups.routes.js';
import { BackupsService } from './backups.service.js';

/** Backups and restore (the reference's `/system/backups`): archives of the database and every stored file, made, verified, served and restored. */
export const backupsModule = definePlugin<BackupsDeps>({
  name: 'backups',
  dependsOn: ['auth'],
  uses: backupsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      backupsRepository: asClass(BackupsRepository).singleton(),
      backupActivity: asFunction((d: BackupsDeps) => new BackupActivity(d)).singleton(),
      backupMaker: asFunction((d: BackupsDeps) => new BackupMaker(d)).singleton(),
      backupRunner: asFunction((d: BackupsDeps) => new BackupRunner(d)).singleton(),
      backupsService: asFunction((d: BackupsDeps) => new BackupsService(d)).singleton(),
    });
    r.routes(backupsRoutes);
    r.jobs(backupsJobs);
    r.onStart(async ({ backupActivity }) => {
      backupActivity.listen();
      await backupActivity.refresh();
    });
  },
});
