import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { runCli } from '../support/cli.js';
import { consoleCall, OWNER, resetRateLimits, setUpOwner } from '../support/console-client.js';

const cli = (k: TestKernel, ...args: string[]) => runCli(k, args);

describe('lock-out recovery from the command line', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('lists its commands', async function () {
    this.timeout(60_000);
    const help = await cli(k, 'help');
    expect(help.code).to.equal(0);
    expect(help.stdout).to.contain('user reset-password <username>').and.contain('user reset-factors <username>');
    const unknown = await cli(k, 'frobnicate');
    expect(unknown.code).to.equal(64);
  });

  it('resets a password: prints a new one that signs in, and the old one stops working', async function () {
    this.timeout(60_000);
    const res = await cli(k, 'user', 'reset-password', 'OLIVIA');
    expect(res.code, res.stderr).to.equal(0);
    const password = /New password for olivia: (\S+)/.exec(res.stdout)?.[1];
    expect(password).to.have.length.greaterThan(15);
    expect((await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: 'olivia', password: OWNER.password })).status).to.equal(401);
    expect((await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: 'olivia', password })).status).to.equal(200);
    expect(JSON.stringify(k.logs)).not.to.contain(password);
  });

  it('removes second factors so the user can sign in with the password alone', async function () {
    this.timeout(60_000);
    const user = await k.db('users').where({ username: 'olivia' }).first();
    await k.db('user_totp_factors').insert({ user_id: user.id, secret: 'JBSWY3DPEHPK3PXP', confirmed_at: k.db.fn.now() });
    const res = await cli(k, 'user', 'reset-factors', 'olivia');
    expect(res.code, res.stderr).to.equal(0);
    expect(await k.db('user_totp_factors').where({ user_id: user.id }).first()).to.equal(undefined);
    const unknown = await cli(k, 'user', 'reset-factors', 'nobody');
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('no user "nobody"');
  });
});
