import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { generate, generateSecret } from 'otplib';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';

const PASSWORD = 'a long enough password';
const totp = (secret: string, offset = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });

describe('authenticator app secrets at rest', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let users = 0;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  async function newUser() {
    const username = `holder${++users}`;
    const created = await consoleCall(k, owner, 'POST', '/api/v1/users', { name: `Holder ${users}`, username, password: PASSWORD, role: 'viewer' });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return { username, id: created.body.data.id as string };
  }

  const storedSecret = async (userId: string) => (await k.db('user_totp_factors').where({ user_id: userId }).first()).secret as string;

  /** Password, then the code `offset` steps from now; the status of the second step. */
  async function signInWithCode(kernel: TestKernel, username: string, secret: string, offset: number) {
    const step = await consoleCall(kernel, undefined, 'POST', '/api/v1/auth/login', { username, password: PASSWORD });
    expect(step.body.data.mfaRequired, JSON.stringify(step.body)).to.equal(true);
    const res = await consoleCall(kernel, undefined, 'POST', '/api/v1/auth/mfa/verify', {
      challengeToken: step.body.data.challengeToken,
      code: await totp(secret, offset),
    });
    return res.status;
  }

  it('keeps only a sealed secret in the database, and signs in with it, also after a key rotation', async () => {
    const u = await newUser();
    const session = await login(k, u.username, PASSWORD);
    const secret = (await consoleCall(k, session, 'POST', '/api/v1/me/security/totp')).body.data.secret as string;
    expect((await consoleCall(k, session, 'POST', '/api/v1/me/security/totp/confirm', { code: await totp(secret, -1) })).status).to.equal(200);
    const sealed = await storedSecret(u.id);
    expect(sealed)
      .to.match(/^sb1\.[0-9a-f]{8}\./)
      .and.not.contain(secret);
    expect(await signInWithCode(k, u.username, secret, 0)).to.equal(200);

    const lines: string[] = [];
    const rotateKey = k.commands.find((c) => c.command.name === 'secrets rotate-key')!;
    await rotateKey.command.run([], k.containerOf(rotateKey.plugin).cradle, (line) => lines.push(line));
    expect(lines).to.include('auth: authenticator app secrets: 1 re-sealed');
    const resealed = await storedSecret(u.id);
    expect(resealed.split('.')[1]).not.to.equal(sealed.split('.')[1]);
    expect(await signInWithCode(k, u.username, secret, 1)).to.equal(200);
    const key = readFileSync(join(k.dataDir, 'secrets.key'), 'utf8').split('\n')[1]!;
    expect(JSON.stringify(k.logs)).not.to.contain(key).and.not.contain(secret);
  });

  it('seals at start the secrets kept in plain text before, on every process', async () => {
    const u = await newUser();
    const secret = generateSecret({ length: 20 });
    await k.db('user_totp_factors').insert({ user_id: u.id, secret, confirmed_at: k.db.fn.now() });
    const restarted = await bootTestKernel({ plugins: coreModules, databaseUrl: k.databaseUrl, dataDir: k.dataDir });
    try {
      expect(await storedSecret(u.id))
        .to.match(/^sb1\./)
        .and.not.contain(secret);
      expect(await signInWithCode(restarted, u.username, secret, 0)).to.equal(200);
      await resetRateLimits(k);
      expect(await signInWithCode(k, u.username, secret, 1), 'the process that was running reads it too').to.equal(200);
    } finally {
      await restarted.stop();
    }
  });
});
