import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { runCli } from '../support/cli.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ApiResponse, type ConsoleSession, newSignedInUser } from '../support/console-client.js';
import { SoftwareAuthenticator } from '../support/webauthn-authenticator.js';

const ORIGIN = 'http://localhost:5173';
const PASSWORD = 'a long enough password';

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.error.code).to.equal(code);
}

const cli = (k: TestKernel, ...args: string[]) => runCli(k, args);

describe('password changes', () => {
  let k: TestKernel;
  let owner: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PUBLIC_URL: ORIGIN } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  /** A fresh console user, signed in with a password. */
  const newUser = (role = 'editor') => newSignedInUser(k, owner, PASSWORD, role, 'pw');

  /** Registers a passkey for the user (right after sign-in) and returns the authenticator holding it. */
  async function addPasskey(session: ConsoleSession, name: string) {
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const { challengeToken, options } = (await consoleCall(k, session, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
    const res = await consoleCall(k, session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential: authenticator.create(options), name });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return { authenticator, id: res.body.data.id as string };
  }

  async function passkeyLogin(authenticator: SoftwareAuthenticator) {
    const { challengeToken, options } = (await consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login/options', {})).body.data;
    return consoleCall(k, undefined, 'POST', '/api/v1/auth/passkey/login', { challengeToken, credential: authenticator.get(options) });
  }

  describe('my own password', () => {
    it('lets an editor change it with the current one; other sessions end, this one goes on', async () => {
      const u = await newUser('editor');
      const otherBrowser = await login(k, u.username, PASSWORD);
      expectError(
        await consoleCall(k, u.session, 'PATCH', `/api/v1/users/${u.id}`, { name: 'x', username: u.username, role: 'editor' }),
        403,
        'insufficient_role',
      );

      const wrong = await consoleCall(k, u.session, 'POST', '/api/v1/me/password', { currentPassword: 'not my password', newPassword: 'my new password 1' });
      expectError(wrong, 403, 'password_required');
      expectError(
        await consoleCall(k, u.session, 'POST', '/api/v1/me/password', { currentPassword: PASSWORD, newPassword: 'short' }),
        422,
        'validation_failed',
      );
      expectError(
        await consoleCall(k, undefined, 'POST', '/api/v1/me/password', { currentPassword: PASSWORD, newPassword: 'my new password 1' }),
        401,
        'authentication_required',
      );

      const ok = await consoleCall(k, u.session, 'POST', '/api/v1/me/password', { currentPassword: PASSWORD, newPassword: 'my new password 1' });
      expect(ok.status, JSON.stringify(ok.body)).to.equal(204);
      expect((await consoleCall(k, u.session, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(true);
      expect((await consoleCall(k, otherBrowser, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(false);
      expectError(await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: u.username, password: PASSWORD }), 401, 'invalid_credentials');
      expect((await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: u.username, password: 'my new password 1' })).status).to.equal(200);
      expect(await k.db('audit_log').where({ action: 'user.password_changed', actor_id: u.id, resource_id: u.id }).first()).to.exist;
      expect(JSON.stringify(k.logs)).not.to.contain('my new password 1');
      expect(JSON.stringify(await k.db('audit_log').select())).not.to.contain('my new password 1');
    });

    it('keeps my passkeys: I proved the password myself', async () => {
      const u = await newUser('viewer');
      const { authenticator } = await addPasskey(u.session, 'Phone');
      expect((await consoleCall(k, u.session, 'POST', '/api/v1/me/password', { currentPassword: PASSWORD, newPassword: 'my new password 2' })).status).to.equal(
        204,
      );
      expect((await passkeyLogin(authenticator)).status).to.equal(200);
    });
  });

  describe("an administrator's reset", () => {
    it('removes the passkeys too, so one planted with a borrowed session no longer signs in', async () => {
      const u = await newUser('editor');
      const stolen = await addPasskey(u.session, 'Planted');
      const second = await addPasskey(u.session, 'Laptop');
      expect((await passkeyLogin(stolen.authenticator)).status).to.equal(200);

      const res = await consoleCall(k, owner, 'PATCH', `/api/v1/users/${u.id}`, {
        name: 'Reset',
        username: u.username,
        role: 'editor',
        password: 'set by the owner',
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(await k.db('user_passkeys').where({ user_id: u.id })).to.have.length(0);
      expectError(await passkeyLogin(stolen.authenticator), 401, 'passkey_rejected');
      expect((await consoleCall(k, u.session, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(false);
      const audit = await k.db('audit_log').where({ action: 'auth.mfa.passkey_removed', resource_id: u.id, actor_id: owner.userId });
      expect(audit.map((r) => r.metadata.factorId).sort()).to.deep.equal([stolen.id, second.id].sort());
      for (const row of audit) expect(row.metadata.reason).to.equal('password_reset');
    });

    it('from the command line removes them as well and says which', async function () {
      this.timeout(120_000);
      const u = await newUser('administrator');
      const stolen = await addPasskey(u.session, 'Planted key');
      const res = await cli(k, 'user', 'reset-password', u.username);
      expect(res.code, res.stderr).to.equal(0);
      expect(res.stdout).to.contain('Passkeys removed: "Planted key"');
      expect(await k.db('user_passkeys').where({ user_id: u.id })).to.have.length(0);
      expectError(await passkeyLogin(stolen.authenticator), 401, 'passkey_rejected');
      const audit = await k.db('audit_log').where({ action: 'auth.mfa.passkey_removed', resource_id: u.id }).first();
      expect(audit.metadata).to.deep.include({ factorId: stolen.id, reason: 'password_reset', via: 'cli' });
    });
  });
});
