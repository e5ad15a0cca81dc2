import { newSecretKey } from '../key-ring.js';
import type { KernelDeps } from '../kernel-deps.js';
import type { CommandDef } from '../plugin.js';
import type { SecretBox } from '../secret-box.js';

const ONE_ENV_KEY =
  'SECRETS_KEY holds one key. Put a new one in front of it (SECRETS_KEY=<new>,<old>; make one with `openssl rand -base64 32`), ' +
  'restart every process with it, then run this again';

/** Re-seals until a pass finds nothing left: a process may have sealed with the old key just before it read the new key file. */
async function resealUntilSettled(box: SecretBox, out: (line: string) => void): Promise<void> {
  for (let pass = 0; pass < 4; pass++) {
    const report = await box.resealAll();
    if (pass === 0) for (const { name, count } of report) out(`${name}: ${count} re-sealed`);
    if (report.every((r) => r.count === 0)) return;
  }
  throw new Error('values sealed with an old key keep appearing; the old keys are kept, run this again');
}

export const secretsCommands: CommandDef<KernelDeps>[] = [
  {
    name: 'secrets rotate-key',
    usage: 'secrets rotate-key',
    summary: 'Seal every stored secret with a new key and retire the old ones',
    async run(_args, { secretBox }, out) {
      const ring = secretBox.ring;
      if (ring.source === 'env') {
        if (ring.all.length < 2) throw new Error(ONE_ENV_KEY);
        await resealUntilSettled(secretBox, out);
        const old = ring.all.slice(1).map((k) => k.id);
        out(`Every secret is sealed with key ${ring.primary.id}. Remove the other keys (${old.join(', ')}) from SECRETS_KEY and restart every process.`);
        return;
      }
      const old = ring.all.map((k) => k.id);
      ring.replace([newSecretKey(), ...ring.all]);
      await resealUntilSettled(secretBox, out);
      ring.replace([ring.primary]);
      out(`Every secret is sealed with the new key ${ring.primary.id}; ${old.join(', ')} retired from ${ring.source.file}.`);
    },
  },
];
