import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { BackupActivity } from './backup-activity.js';
import { BackupMaker } from './backup-maker.js';
import { restoreInProgress } from './backup-errors.js';
import { BackupRestorer } from './backup-restorer.js';
import { BackupRunner } from './backup-runner.js';
import { backupSettings } from './backup-schedule.js';
import { backupsUses, type BackupsDeps } from './backups-deps.js';
import { backupsJobs } from './backups.jobs.js';
import { backupsCommands } from './backups.commands.js';
import { BackupsRepository } from './backups.repository.js';
import { backupsRoutes } from './backups.routes.js';
import { BackupsService } from './backups.service.js';

/** Backups and restore (the reference's `/system/backups`): archives of the database and every stored file, made, verified, served and restored. */
export const backupsModule = definePlugin<BackupsDeps>({
  name: 'backups',
  dependsOn: ['auth', 'settings'],
  uses: backupsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      backupsRepository: asClass(BackupsRepository).singleton(),
      backupActivity: asFunction((d: BackupsDeps) => new BackupActivity(d)).singleton(),
      backupMaker: asFunction((d: BackupsDeps) => new BackupMaker(d)).singleton(),
      backupRestorer: asFunction((d: BackupsDeps) => new BackupRestorer(d)).singleton(),
      backupRunner: asFunction((d: BackupsDeps) => new BackupRunner(d)).singleton(),
      backupsService: asFunction((d: BackupsDeps) => new BackupsService(d)).singleton(),
    });
    r.routes(backupsRoutes);
    r.jobs(backupsJobs);
    r.commands(backupsCommands);
    // While a restore replaces the data, the API waits (health probes still answer, and /readyz says
    // why not). First: a signed-in request must not wait on the sessions the restore holds.
    r.middleware(
      ({ backupActivity }) =>
        async (ctx, next) => {
          const restoring = backupActivity.restoring;
          if (restoring && ctx.path.startsWith('/api/')) throw restoreInProgress(restoring);
          await next();
        },
      { first: true },
    );
    r.readiness(({ backupActivity }) => ({
      name: 'restore',
      check: async () => {
        if (backupActivity.restoring) throw new Error('a restore is replacing the data');
      },
    }));
    r.onStart(async ({ backupActivity, settingsService }) => {
      settingsService.define(backupSettings);
      backupActivity.listen();
      await backupActivity.refresh();
    });
  },
});
