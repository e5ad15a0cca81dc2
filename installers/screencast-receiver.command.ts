import type { CommandDef } from '../kernel/plugin.js';
import type { InstallersDeps } from './installers-deps.js';

export const installersCommands: CommandDef<InstallersDeps>[] = [
  {
    name: 'installers set-screencast-receiver',
    usage: 'installers set-screencast-receiver <file.tar.gz>',
    summary: 'Provide the screencast receiver source archive (UxPlay) that install-screencast.sh builds on the boxes',
    async run(args, deps, out) {
      const paths = args.filter((a) => !a.startsWith('--'));
      if (paths.length !== 1 || paths.length !== args.length) throw new Error('name exactly one .tar.gz file, and no options');
      const receiver = await deps.screencastReceiverService.provide(paths[0]!, out);
      out(`The screencast receiver is now ${receiver.fileName}: ${receiver.sizeBytes} bytes, SHA-256 ${receiver.sha256}.`);
    },
  },
];
