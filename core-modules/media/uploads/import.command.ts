import type { CommandDef } from '../../../kernel/plugin.js';
import { terminalOutput } from '../cli-output.js';
import { DEFAULT_STATE_FILE } from './import-state.js';
import { MediaImport, type ImportOptions } from './media-import.js';
import type { UploadsDeps } from './uploads-deps.js';

const CHUNK_BYTES = 8 * 1024 * 1024;
const VALUE_OPTIONS = ['server', 'username', 'state', 'wait-timeout'] as const;
type ValueOption = (typeof VALUE_OPTIONS)[number];

/** `--name value` and `--name=value` options, plus `--no-wait`; the rest are paths. */
export function parseImportArgs(args: string[]): { paths: string[]; values: Partial<Record<ValueOption, string>>; noWait: boolean } {
  const paths: string[] = [];
  const values: Partial<Record<ValueOption, string>> = {};
  let noWait = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--no-wait') noWait = true;
    else if (arg.startsWith('--')) {
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      if (name === 'password') throw new Error('the password is read from SIGNAGE_PASSWORD, never from the command line');
      if (!(VALUE_OPTIONS as readonly string[]).includes(name)) throw new Error(`unknown option --${name}`);
      const value = inline ?? args[++i];
      if (value === undefined || value === '') throw new Error(`--${name} needs a value`);
      values[name as ValueOption] = value;
    } else paths.push(arg);
  }
  return { paths, values, noWait };
}

export const importCommands: CommandDef<UploadsDeps>[] = [
  {
    name: 'media import',
    usage: 'media import <file-or-folder>… --username <name> [--server <url>] [--state <file>] [--no-wait] [--wait-timeout <s>]',
    summary: 'Upload files or folders to a running server (password from SIGNAGE_PASSWORD), resuming interrupted uploads',
    async run(args, deps, out) {
      const { paths, values, noWait } = parseImportArgs(args);
      if (!paths.length) throw new Error('name at least one file or folder to import');
      const username = values.username ?? process.env.SIGNAGE_USERNAME;
      if (!username) throw new Error('name the account: --username <name>');
      const password = process.env.SIGNAGE_PASSWORD;
      if (!password) throw new Error('set the account\u2019s password in the environment variable SIGNAGE_PASSWORD');
      const waitTimeout = Number(values['wait-timeout'] ?? 3600);
      if (!Number.isInteger(waitTimeout) || waitTimeout < 0) throw new Error('--wait-timeout must be a whole number of seconds');
      const server = values.server ?? deps.config.publicUrl.origin;
      try {
        new URL(server);
      } catch {
        throw new Error(`--server must be a URL such as https://signage.example.com, got "${server}"`);
      }
      const options: ImportOptions = {
        server,
        username,
        password,
        paths,
        stateFile: values.state ?? DEFAULT_STATE_FILE,
        wait: !noWait,
        waitTimeoutSeconds: waitTimeout,
        chunkBytes: CHUNK_BYTES,
      };
      const summary = await new MediaImport(options, terminalOutput(out)).run();
      if (summary.failed) throw new Error(`${summary.failed} file(s) failed`);
    },
  },
];
