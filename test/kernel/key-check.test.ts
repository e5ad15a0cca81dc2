import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const newKey = () => randomBytes(32).toString('base64');

describe('processes on one database share their secret keys', () => {
  const kernels: TestKernel[] = [];
  after(async () => {
    for (const k of kernels.reverse()) await k.stop();
  });

  const boot = async (databaseUrl: string | undefined, key: string) => {
    const k = await bootTestKernel({ databaseUrl, env: { SECRETS_KEY: key } });
    kernels.push(k);
    return k;
  };

  it('starts every process given the same keys and refuses one given others (a host with its own key file), naming SECRETS_KEY', async () => {
    const key = newKey();
    const first = await boot(undefined, key);
    await boot(first.databaseUrl, key);
    const other = await boot(first.databaseUrl, newKey()).catch((err: Error) => err);
    expect(other).to.be.instanceOf(Error);
    expect((other as Error).message).to.contain('every process on one database needs the same keys');

    // A new key put first, the old one kept to open: it starts, and a rotation seals the check anew.
    const rotating = await boot(first.databaseUrl, `${newKey()},${key}`);
    const rotate = rotating.commands.find((c) => c.command.name === 'secrets rotate-key')!;
    const lines: string[] = [];
    await rotate.command.run([], rotating.containerOf(rotate.plugin).cradle, (line) => lines.push(line));
    expect(lines.join('\n')).to.contain('kernel: key check: 1 re-sealed');
  });
});
