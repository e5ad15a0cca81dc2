import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { generate } from 'otplib';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, OWNER, resetRateLimits, setUpOwner, type ApiResponse, type ConsoleSession, newSignedInUser } from '../support/console-client.js';
import { SoftwareAuthenticator } from '../support/webauthn-authenticator.js';

const ORIGIN = 'http://localhost:5173';
const PASSWORD = 'a long enough password';
const tokenHash = (s: ConsoleSession) => createHash('sha256').update(s.cookie.split('=')[1]!).digest('hex');

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, JSON.stringify(res.body)).to.equal(status);
  expect(res.body.error.code).to.equal(code);
}

/**
 * A borrowed session (its cookie and CSRF token, without the password) must not be enough to add or
 * remove a way to sign in, or to change the password: that needs a sign-in or a re-authentication
 * from the last few minutes, or the current password itself.
 */
describe('a recent proof of identity before changing how one signs in', () => {
  let k: TestKernel;
  let owner: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { PUBLIC_URL: ORIGIN } });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  /** A fresh console user, signed in with a password. */
  const newUser = (role = 'editor') => newSignedInUser(k, owner, PASSWORD, role, 'proof');

  /** The session was signed in (or last re-authenticated) 11 minutes ago. */
  async function age(session: ConsoleSession, minutes = 11) {
    const n = await k
      .db('sessions')
      .where({ token_hash: tokenHash(session) })
      .update({ authenticated_at: k.db.raw(`now() - make_interval(mins => ?)`, [minutes]) });
    expect(n).to.equal(1);
  }

  const reauthenticate = (s: ConsoleSession, password: string) => consoleCall(k, s, 'POST', '/api/v1/me/security/reauthenticate', { password });

  it('lets the console set up factors right after a sign-in, sending nothing more than before', async () => {
    const u = await newUser('viewer');
    expect((await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp')).status).to.equal(200);
    const { challengeToken, options } = (await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
    const added = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', {
      challengeToken,
      credential: new SoftwareAuthenticator(ORIGIN).create(options),
    });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
  });

  it('refuses to start an authenticator app on a stale session, until the password is confirmed again', async () => {
    const u = await newUser();
    await age(u.session);
    const refused = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp');
    expectError(refused, 403, 'reauthentication_required');
    expect(refused.body.error.message).to.contain('password');
    expect(await k.db('user_totp_factors').where({ user_id: u.id }).first()).to.equal(undefined);

    expectError(await reauthenticate(u.session, 'not my password'), 403, 'password_required');
    expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp'), 403, 'reauthentication_required');
    expect((await reauthenticate(u.session, PASSWORD)).status).to.equal(204);
    expect((await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp')).status).to.equal(200);
    const audit = (await k.db('audit_log').where({ actor_id: u.id }).orderBy('id')).map((r) => r.action);
    expect(audit).to.include.members(['auth.reauthentication_failed', 'auth.reauthenticated']);
  });

  it('refuses passkey options and a passkey registration on a stale session, so a borrowed session cannot plant a passkey', async () => {
    const u = await newUser();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const fresh = (await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
    await age(u.session);
    expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys/options'), 403, 'reauthentication_required');
    const late = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', {
      challengeToken: fresh.challengeToken,
      credential: authenticator.create(fresh.options),
    });
    expectError(late, 403, 'reauthentication_required');
    expect(await k.db('user_passkeys').where({ user_id: u.id })).to.have.length(0);

    expect((await reauthenticate(u.session, PASSWORD)).status).to.equal(204);
    const { challengeToken, options } = (await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
    const added = await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential: authenticator.create(options) });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
  });

  it('a sign-in with a second factor is a fresh proof too', async () => {
    const u = await newUser();
    const secret = (await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp')).body.data.secret as string;
    await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/confirm', { code: await generate({ secret }) });
    const step = (await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: u.username, password: PASSWORD })).body.data;
    const later = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    const verified = await consoleCall(k, undefined, 'POST', '/api/v1/auth/mfa/verify', { challengeToken: step.challengeToken, code: later });
    expect(verified.status, JSON.stringify(verified.body)).to.equal(200);
    const session = { cookie: /signage_session=[^;]+/.exec(verified.headers.get('set-cookie')!)![0], csrfToken: verified.body.data.csrfToken, userId: u.id };
    expect((await consoleCall(k, session, 'POST', '/api/v1/me/security/passkeys/options')).status).to.equal(200);
  });

  it('removing a factor and new recovery codes take the current password, whatever the age of the session', async () => {
    const u = await newUser();
    const secret = (await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp')).body.data.secret as string;
    await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/confirm', { code: await generate({ secret }) });
    const { challengeToken, options } = (await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys/options')).body.data;
    const passkey = (
      await consoleCall(k, u.session, 'POST', '/api/v1/me/security/passkeys', { challengeToken, credential: new SoftwareAuthenticator(ORIGIN).create(options) })
    ).body.data;
    await age(u.session, 60);
    expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/recovery-codes', { password: 'wrong password!' }), 403, 'password_required');
    expectError(await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: 'wrong password!' }), 403, 'password_required');
    expectError(
      await consoleCall(k, u.session, 'POST', `/api/v1/me/security/passkeys/${passkey.id}/remove`, { password: 'wrong password!' }),
      403,
      'password_required',
    );
    expect((await consoleCall(k, u.session, 'POST', '/api/v1/me/security/recovery-codes', { password: PASSWORD })).status).to.equal(201);
    expect((await consoleCall(k, u.session, 'POST', '/api/v1/me/security/totp/remove', { password: PASSWORD })).status).to.equal(204);
    expect((await consoleCall(k, u.session, 'POST', `/api/v1/me/security/passkeys/${passkey.id}/remove`, { password: PASSWORD })).status).to.equal(204);
  });

  it("refuses an Owner's own password change and own factor reset on a stale session", async () => {
    const self = await login(k, OWNER.username, OWNER.password);
    const body = { name: OWNER.ownerName, username: OWNER.username, role: 'owner', password: 'a borrowed new password' };
    await age(self);
    expectError(await consoleCall(k, self, 'PATCH', `/api/v1/users/${self.userId}`, body), 403, 'reauthentication_required');
    expect((await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: OWNER.username, password: OWNER.password })).status).to.equal(200);
    expectError(await consoleCall(k, self, 'POST', `/api/v1/users/${self.userId}/security/reset`), 403, 'reauthentication_required');
    const renamed = await consoleCall(k, self, 'PATCH', `/api/v1/users/${self.userId}`, { ...body, name: 'Olivia O.', password: undefined });
    expect(renamed.status, 'other changes to oneself need no fresh proof').to.equal(200);

    expect((await reauthenticate(self, OWNER.password)).status).to.equal(204);
    const other = await login(k, OWNER.username, OWNER.password);
    const changed = await consoleCall(k, self, 'PATCH', `/api/v1/users/${self.userId}`, { ...body, password: 'the owner chose this' });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect((await consoleCall(k, self, 'GET', '/api/v1/auth/status')).body.data.authenticated, 'this session goes on').to.equal(true);
    expect((await consoleCall(k, other, 'GET', '/api/v1/auth/status')).body.data.authenticated, 'the others end').to.equal(false);
    expect((await consoleCall(k, self, 'POST', `/api/v1/users/${self.userId}/security/reset`)).status).to.equal(204);
    // Put things back for later tests.
    await k.db('users').where({ id: self.userId }).update({ name: OWNER.ownerName });
    const relogin = await login(k, OWNER.username, 'the owner chose this');
    const restored = await consoleCall(k, relogin, 'POST', '/api/v1/me/password', { currentPassword: 'the owner chose this', newPassword: OWNER.password });
    expect(restored.status, JSON.stringify(restored.body)).to.equal(204);
    owner = relogin;
  });

  it('documents the re-authentication and its refusals in openapi.json', async () => {
    const doc = (await consoleCall(k, undefined, 'GET', '/api/v1/openapi.json')).body;
    const paths = doc.paths;
    expect(paths['/api/v1/me/security/reauthenticate'].post.responses).to.include.keys('204', '401', '403', '422', '429');
    for (const [path, method] of [
      ['/api/v1/me/security/totp', 'post'],
      ['/api/v1/me/security/passkeys/options', 'post'],
      ['/api/v1/me/security/passkeys', 'post'],
      ['/api/v1/users/{id}', 'patch'],
      ['/api/v1/users/{id}/security/reset', 'post'],
    ] as const) {
      expect(JSON.stringify(paths[path][method].responses['403']), `${method} ${path}`).to.contain('reauthentication_required');
    }
  });
});
