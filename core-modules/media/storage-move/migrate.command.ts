import { join } from 'node:path';
import type { KernelDeps } from '../../../kernel/kernel.js';
import type { CommandDef } from '../../../kernel/plugin.js';
import { createStorage } from '../../../kernel/storage/create-storage.js';
import { loadStorageConfig } from '../../../kernel/storage/storage-config.js';
import type { Storage } from '../../../kernel/storage/storage.js';
import { formatMb, terminalOutput } from '../cli-output.js';
import { CopyLog } from './copy-log.js';
import { migrateMedia } from './media-migration.js';
import { MigrationProgress } from './migration-progress.js';

type Destination = 'local' | 's3';

/** `--to s3|local` and `--state <file>` (also as `--name=value`). */
export function parseMigrateArgs(args: string[]): { to: Destination; state?: string } {
  const values: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i]!.replace(/^--/, '').split(/=(.*)/s, 2) as [string, string | undefined];
    if (!args[i]!.startsWith('--') || !['to', 'state'].includes(name)) throw new Error(`unknown argument ${args[i]}`);
    const value = inline ?? args[++i];
    if (!value) throw new Error(`--${name} needs a value`);
    values[name] = value;
  }
  if (values.to !== 's3' && values.to !== 'local') throw new Error('say where to: --to s3 or --to local');
  return { to: values.to, ...(values.state ? { state: values.state } : {}) };
}

/** The local folder and the bucket of this configuration, whichever MEDIA_STORAGE names now. */
function storesOf({ config }: Pick<KernelDeps, 'config'>): Record<Destination, Storage> {
  const of = (kind: Destination) => createStorage(loadStorageConfig({ ...config.raw, MEDIA_STORAGE: kind, MEDIA_DOWNLOADS: 'serve' }, config.dataDir));
  return { local: of('local'), s3: of('s3') };
}

export const migrateCommands: CommandDef<Pick<KernelDeps, 'config'>>[] = [
  {
    name: 'media migrate',
    usage: 'media migrate --to s3|local [--state <file>]',
    summary: 'Copy every media file to the S3 bucket (S3_*) or back to DATA_DIR/media, verified and resumable, while the server runs',
    async run(args, deps, out) {
      const { to, state } = parseMigrateArgs(args);
      const stores = storesOf(deps);
      const [source, target] = to === 's3' ? [stores.local, stores.s3] : [stores.s3, stores.local];
      await target.checkWritable().catch((err: Error) => {
        throw new Error(`${target.location} cannot be written: ${err.message}`);
      });
      const logFile = state ?? join(deps.config.dataDir, `media-migrate-to-${to}.log`);
      const output = terminalOutput(out);
      output.line(`Copying media from ${source.location} to ${target.location} (progress kept in ${logFile})`);
      const summary = await migrateMedia(source, target, new CopyLog(logFile), new MigrationProgress(output));
      const rate = summary.seconds > 0 ? `, ${formatMb(summary.bytes / summary.seconds)}/s` : '';
      output.line(
        `Copied ${summary.copied} file(s) (${formatMb(summary.bytes)} in ${summary.seconds.toFixed(1)} s${rate}), ` +
          `${summary.skipped} already there, ${summary.failed.length} failed.`,
      );
      if (summary.failed.length) throw new Error(`${summary.failed.length} file(s) could not be copied; run the command again to retry them`);
      output.line(
        deps.config.mediaStorage.kind === to
          ? 'The server already uses this storage: the files written before the switch are now there too.'
          : `Next: set MEDIA_STORAGE=${to} on every server process and restart them, then run this command once more to copy what was written in between.`,
      );
    },
  },
];
