import { copyFile, rename, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { CommandDef } from '../../kernel/plugin.js';
import { backupsDir } from './backup-maker.js';
import type { BackupsDeps } from './backups-deps.js';
import type { NewJob } from './backups.repository.js';

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** Runs a job in this process, printing each change of phase or percent, and fails the command when the job fails. */
async function runHere(deps: BackupsDeps, job: Omit<NewJob, 'id' | 'trigger'>, out: (line: string) => void) {
  const started = await deps.backupsService.startInProcess(job);
  let shown = '';
  await deps.backupRunner.run(started.id, new AbortController().signal, false, (phase, percent) => {
    const line = `${phase} ${percent}%`;
    if (line !== shown) out(line);
    shown = line;
  });
  const ended = await deps.backupsService.job(started.id);
  if (ended.status !== 'succeeded') throw new Error(`${ended.errorCode}: ${ended.errorMessage}`);
  return ended;
}

/** An archive by id or file name. */
async function findArchive(deps: BackupsDeps, which: string | undefined) {
  if (!which) throw new Error('name a backup by its id or file name (see `backups list`)');
  const found = (await deps.backupsRepository.listArchives()).find((a) => a.id === which || a.file_name === which);
  if (!found) throw new Error(`no backup ${which}`);
  return found;
}

export const backupsCommands: CommandDef<BackupsDeps>[] = [
  {
    name: 'backups list',
    usage: 'backups list',
    summary: 'List the backup archives in DATA_DIR/backups',
    async run(_args, deps, out) {
      const { backups } = await deps.backupsService.list();
      if (!backups.length) out('No backups.');
      for (const b of backups) out(`${b.id}  ${b.fileName}  ${b.kind}  ${b.status}  ${b.verification}  ${mib(b.sizeBytes)}`);
    },
  },
  {
    name: 'backups create',
    usage: 'backups create',
    summary: 'Back up the database and every stored file now',
    async run(_args, deps, out) {
      const job = await runHere(deps, { kind: 'backup', archive_id: null }, out);
      const archive = await deps.backupsService.archive(job.archiveId ?? '');
      out(`Written and verified: ${join(backupsDir(deps.config.dataDir), archive.file_name)} (${mib(Number(archive.size_bytes))})`);
    },
  },
  {
    name: 'backups verify',
    usage: 'backups verify <id|file name>',
    summary: 'Read a backup through and check every entry against its manifest',
    async run(args, deps, out) {
      const archive = await findArchive(deps, args[0]);
      await runHere(deps, { kind: 'verify', archive_id: archive.id }, out);
      out(`${archive.file_name} is intact.`);
    },
  },
  {
    name: 'backups restore',
    usage: 'backups restore <file> [--confirm-identity-mismatch] [--secrets-key-file <path>]',
    summary: 'Replace the database and stored files with an archive’s (from this or another machine)',
    async run(args, deps, out) {
      const keyAt = args.indexOf('--secrets-key-file');
      const keyFile = keyAt === -1 ? undefined : args[keyAt + 1];
      if (keyAt !== -1 && !keyFile) throw new Error('--secrets-key-file needs the path of the key file the archive’s server used');
      if (keyFile) await stat(keyFile);
      const given = args.find((a, i) => !a.startsWith('--') && !(keyAt !== -1 && i === keyAt + 1));
      if (!given) throw new Error('name the archive file to restore');
      const file = resolve(given);
      const known = (await deps.backupsRepository.listArchives()).find((a) => join(backupsDir(deps.config.dataDir), a.file_name) === file);
      const archive = known ?? (await deps.backupsService.importArchive(file));
      const plan = await deps.backupsService.plan(archive.id);
      if (plan.identityMismatch && !args.includes('--confirm-identity-mismatch'))
        throw new Error(
          `${plan.organizationName}’s archive (installation ${plan.installationId}) would replace this installation: add --confirm-identity-mismatch`,
        );
      await runHere(deps, { kind: 'restore', archive_id: archive.id, confirm_identity_mismatch: true }, out);
      if (keyFile) {
        const own = join(deps.config.dataDir, 'secrets.key');
        await rename(own, `${own}.before-restore`).catch(() => {});
        await copyFile(keyFile, own);
        out(`Secrets key installed at ${own} (the previous one kept as secrets.key.before-restore).`);
      }
      out(`Restored ${archive.file_name}. Restart every server process; sign in with the archive’s accounts.`);
    },
  },
];
