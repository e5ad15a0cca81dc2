import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { ConfigError, loadConfig } from '../../kernel/config.js';
import { KeyRing } from '../../kernel/key-ring.js';
import { SecretBox } from '../../kernel/secret-box.js';
import { secretsCommands } from '../../kernel/system/secrets.commands.js';
import type { KernelDeps } from '../../kernel/kernel.js';

const newKey = () => randomBytes(32).toString('base64');

describe('secret box and key ring', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'signage-keys-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const boxFor = (env: Record<string, string> = {}) => new SecretBox(KeyRing.load(loadConfig({ DATA_DIR: dataDir, ...env })));

  /** Runs `secrets rotate-key` in-process; its output lines. */
  async function rotate(box: SecretBox): Promise<string[]> {
    const lines: string[] = [];
    await secretsCommands.find((c) => c.name === 'secrets rotate-key')!.run([], { secretBox: box } as KernelDeps, (l) => lines.push(l));
    return lines;
  }

  it('creates DATA_DIR/secrets.key at first start, readable by its owner only, and reads it back later', () => {
    const sealed = boxFor().seal('JBSWY3DPEHPK3PXP', 'row-1');
    const file = join(dataDir, 'secrets.key');
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    expect(boxFor().open(sealed, 'row-1'), 'a later start (or another process) opens it').to.equal('JBSWY3DPEHPK3PXP');
  });

  it('seals with AES-256-GCM: the value names its key, hides the plain text, and opens only unaltered and in its own context', () => {
    const box = boxFor();
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'auth.totp:user-1');
    expect(sealed).to.match(new RegExp(`^sb1\\.${box.ring.primary.id}\\.[A-Za-z0-9_-]+$`));
    expect(sealed).not.to.contain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'auth.totp:user-1'), 'a fresh IV each time').not.to.equal(sealed);
    expect(box.isSealed(sealed) && box.isCurrent(sealed)).to.equal(true);
    expect(box.isSealed('JBSWY3DPEHPK3PXP')).to.equal(false);
    expect(() => box.open(sealed, 'auth.totp:user-2')).to.throw('does not open');
    const body = sealed.split('.')[2]!;
    const altered = `sb1.${box.ring.primary.id}.${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}`;
    expect(() => box.open(altered, 'auth.totp:user-1')).to.throw('does not open');
    expect(() => box.open('sb1.00000000.AAAA', 'auth.totp:user-1')).to.throw('which this server does not have');
  });

  it('takes keys from SECRETS_KEY: the first seals, the others still open, and a bad key is refused without being shown', () => {
    const [older, newer] = [newKey(), newKey()];
    const sealedWithOlder = boxFor({ SECRETS_KEY: older }).seal('secret', 'c');
    const both = boxFor({ SECRETS_KEY: `${newer}, ${older}` });
    expect(both.open(sealedWithOlder, 'c')).to.equal('secret');
    expect(both.isCurrent(sealedWithOlder)).to.equal(false);
    expect(both.isCurrent(both.reseal(sealedWithOlder, 'c'))).to.equal(true);
    expect(() => boxFor({ SECRETS_KEY: older.slice(4) })).to.throw(ConfigError, 'SECRETS_KEY: key 1 is not 32 bytes in base64');
    try {
      boxFor({ SECRETS_KEY: `${older},${older}` });
      expect.fail('a repeated key is refused');
    } catch (err) {
      expect((err as Error).message)
        .to.equal('SECRETS_KEY holds the same key twice')
        .and.not.contain(older);
    }
  });

  it('signs with HMAC, verifying only the same purpose and data while the key stays in the ring', () => {
    const [older, newer] = [newKey(), newKey()];
    const signature = boxFor({ SECRETS_KEY: older }).sign('auth.known-device', 'user.nonce');
    expect(boxFor({ SECRETS_KEY: `${newer},${older}` }).verify('auth.known-device', 'user.nonce', signature)).to.equal(true);
    const box = boxFor({ SECRETS_KEY: older });
    expect(box.verify('auth.known-device', 'user.other', signature)).to.equal(false);
    expect(box.verify('auth.setup-token', 'user.nonce', signature)).to.equal(false);
    expect(box.verify('auth.known-device', 'user.nonce', 'garbage')).to.equal(false);
    expect(boxFor({ SECRETS_KEY: newer }).verify('auth.known-device', 'user.nonce', signature), 'once the key is retired').to.equal(false);
  });

  it('rotates the key file: re-seals what modules registered, retires the old key, and other processes follow', async () => {
    const box = boxFor();
    const otherProcess = boxFor();
    const oldId = box.ring.primary.id;
    const rows = new Map([
      ['a', box.seal('alpha', 'a')],
      ['b', 'beta'], // still plain text: sealed by the rotation too
    ]);
    box.register({
      name: 'test: rows',
      reseal: async () => {
        const due = [...rows].filter(([, value]) => !box.isCurrent(value));
        for (const [id, value] of due) rows.set(id, box.reseal(value, id));
        return due.length;
      },
    });
    expect(await rotate(box)).to.deep.equal([
      'test: rows: 2 re-sealed',
      `Every secret is sealed with the new key ${box.ring.primary.id}; ${oldId} retired from ${join(dataDir, 'secrets.key')}.`,
    ]);
    expect(box.ring.all.map((k) => k.id))
      .to.have.length(1)
      .and.not.include(oldId);
    expect(box.open(rows.get('a')!, 'a')).to.equal('alpha');
    expect(otherProcess.open(rows.get('b')!, 'b'), 'a running process reads the new key file').to.equal('beta');
    expect(otherProcess.seal('x', 'x')).to.contain(`.${box.ring.primary.id}.`);
    expect(readFileSync(join(dataDir, 'secrets.key'), 'utf8')).to.contain(box.ring.primary.key.toString('base64'));
    expect(statSync(join(dataDir, 'secrets.key')).mode & 0o777).to.equal(0o600);
  });

  it('rotates with SECRETS_KEY in two steps: a new key goes in front, then the command re-seals and names the keys to remove', async () => {
    const [older, newer] = [newKey(), newKey()];
    const one = boxFor({ SECRETS_KEY: older });
    const sealed = one.seal('alpha', 'a');
    const error = await rotate(one).catch((err: Error) => err);
    expect((error as Error).message).to.contain('SECRETS_KEY holds one key. Put a new one in front of it');

    const two = boxFor({ SECRETS_KEY: `${newer},${older}` });
    let stored = sealed;
    two.register({
      name: 'test: rows',
      reseal: async () => {
        if (two.isCurrent(stored)) return 0;
        stored = two.reseal(stored, 'a');
        return 1;
      },
    });
    const lines = await rotate(two);
    expect(lines[1]).to.equal(
      `Every secret is sealed with key ${two.ring.primary.id}. Remove the other keys (${one.ring.primary.id}) from SECRETS_KEY and restart every process.`,
    );
    expect(boxFor({ SECRETS_KEY: newer }).open(stored, 'a')).to.equal('alpha');
  });

  it('refuses a key file that holds no key', () => {
    writeFileSync(join(dataDir, 'secrets.key'), '# emptied by mistake\n', { mode: 0o600 });
    expect(() => boxFor()).to.throw(ConfigError, 'holds no key');
  });
});
