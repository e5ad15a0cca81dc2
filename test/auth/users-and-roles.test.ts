import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';

const PASSWORD = 'a long enough password';

describe('users and roles', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const sessions: Record<string, ConsoleSession> = {};
  const ids: Record<string, string> = {};

  async function addUser(by: ConsoleSession, username: string, role: string) {
    const res = await consoleCall(k, by, 'POST', '/api/v1/users', { name: `User ${username}`, username, password: PASSWORD, role });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data.id as string;
  }

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    for (const role of ['administrator', 'editor', 'contributor', 'viewer']) {
      ids[role] = await addUser(owner, role, role);
      sessions[role] = await login(k, role, PASSWORD);
    }
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('lists users without password hashes', async () => {
    const res = await consoleCall(k, owner, 'GET', '/api/v1/users');
    expect(res.body.data.total).to.equal(5);
    const owners = res.body.data.items.filter((u: { id: string }) => u.id === owner.userId);
    expect(owners[0], 'signed in: lastLoginAt is there').to.have.keys(
      'id',
      'name',
      'username',
      'role',
      'active',
      'createdAt',
      'lastLoginAt',
      'mfaEnrolled',
      'mfaRequired',
    );
    for (const user of res.body.data.items.filter((u: { lastLoginAt?: string }) => !u.lastLoginAt)) {
      expect(user, 'never signed in: lastLoginAt is left out, not null').to.have.keys(
        'id',
        'name',
        'username',
        'role',
        'active',
        'createdAt',
        'mfaEnrolled',
        'mfaRequired',
      );
    }
    expect(JSON.stringify(res.body)).not.to.contain('argon2');
  });

  it('enforces the role matrix: only administrators and owners manage users', async () => {
    for (const role of ['editor', 'contributor', 'viewer']) {
      const res = await consoleCall(k, sessions[role], 'GET', '/api/v1/users');
      expect(res.status, role).to.equal(403);
      expect(res.body.error.code).to.equal('insufficient_role');
    }
    expect((await consoleCall(k, sessions.administrator, 'GET', '/api/v1/users')).status).to.equal(200);
  });

  it('lets only an Owner create or manage Owners and Administrators', async () => {
    const admin = sessions.administrator!;
    const promote = await consoleCall(k, admin, 'POST', '/api/v1/users', {
      name: 'Another Admin',
      username: 'admin2',
      password: PASSWORD,
      role: 'administrator',
    });
    expect(promote.status).to.equal(403);
    expect(promote.body.error.code).to.equal('insufficient_role');
    const demoteOwner = await consoleCall(k, admin, 'PATCH', `/api/v1/users/${owner.userId}`, { name: 'Olivia', username: 'olivia', role: 'viewer' });
    expect(demoteOwner.status).to.equal(403);
    const editEditor = await consoleCall(k, admin, 'PATCH', `/api/v1/users/${ids.editor}`, { name: 'Eddie Editor', username: 'editor', role: 'editor' });
    expect(editEditor.status).to.equal(200);
    expect(editEditor.body.data.name).to.equal('Eddie Editor');
    expect(await k.db('users').where({ username: 'admin2' }).first()).to.equal(undefined);
  });

  it('refuses a duplicate username regardless of case', async () => {
    const res = await consoleCall(k, owner, 'POST', '/api/v1/users', { name: 'Dup', username: 'EDITOR', password: PASSWORD, role: 'viewer' });
    expect(res.status).to.equal(409);
    expect(res.body.error.code).to.equal('username_exists');
  });

  it('validates input: short password, bad username, unknown role, unknown field', async () => {
    const bad = [
      { name: 'X Y', username: 'newbie', password: 'short', role: 'viewer' },
      { name: 'X Y', username: 'no spaces allowed', password: PASSWORD, role: 'viewer' },
      { name: 'X Y', username: 'newbie', password: PASSWORD, role: 'superuser' },
      { name: 'X Y', username: 'newbie', password: PASSWORD, role: 'viewer', isAdmin: true },
    ];
    for (const body of bad) {
      const res = await consoleCall(k, owner, 'POST', '/api/v1/users', body);
      expect(res.status, JSON.stringify(body)).to.equal(422);
      expect(res.body.error.code).to.equal('validation_failed');
    }
    expect(await k.db('users').where({ username: 'newbie' }).first()).to.equal(undefined);
  });

  it('never removes the last Owner and never lets you deactivate or delete yourself', async () => {
    const demote = await consoleCall(k, owner, 'PATCH', `/api/v1/users/${owner.userId}`, { name: 'Olivia', username: 'olivia', role: 'administrator' });
    expect(demote.status).to.equal(409);
    expect(demote.body.error.code).to.equal('last_owner_required');
    const self = await consoleCall(k, owner, 'DELETE', `/api/v1/users/${owner.userId}`);
    expect(self.body.error.code).to.equal('cannot_deactivate_self');
    const selfDelete = await consoleCall(k, owner, 'DELETE', `/api/v1/users/${owner.userId}/permanent`);
    expect(selfDelete.body.error.code).to.equal('cannot_delete_self');
    expect((await k.db('users').where({ id: owner.userId }).first()).role).to.equal('owner');
  });

  it('ends all sessions of a user on a password change', async () => {
    const extra = await addUser(owner, 'pat', 'editor');
    const pat = await login(k, 'pat', PASSWORD);
    expect((await consoleCall(k, pat, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(true);
    const change = await consoleCall(k, owner, 'PATCH', `/api/v1/users/${extra}`, {
      name: 'Pat',
      username: 'pat',
      role: 'editor',
      password: 'a brand new password',
    });
    expect(change.status).to.equal(200);
    expect((await consoleCall(k, pat, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(false);
    const relogin = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: 'pat', password: 'a brand new password' });
    expect(relogin.status).to.equal(200);
  });

  it('deactivates (sessions end, sign-in refused), then deletes permanently', async () => {
    const id = await addUser(owner, 'leaver', 'viewer');
    const leaver = await login(k, 'leaver', PASSWORD);
    const early = await consoleCall(k, owner, 'DELETE', `/api/v1/users/${id}/permanent`);
    expect(early.status).to.equal(409);
    expect(early.body.error.code).to.equal('deactivate_user_first');
    expect((await consoleCall(k, owner, 'DELETE', `/api/v1/users/${id}`)).status).to.equal(204);
    expect((await consoleCall(k, leaver, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(false);
    const again = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: 'leaver', password: PASSWORD });
    expect(again.body.error.code).to.equal('invalid_credentials');
    expect((await consoleCall(k, owner, 'DELETE', `/api/v1/users/${id}/permanent`)).status).to.equal(204);
    expect(await k.db('users').where({ id }).first()).to.equal(undefined);
    const audit = (await k.db('audit_log').where({ resource_id: id }).orderBy('id')).map((r) => r.action);
    expect(audit).to.include.members(['user.created', 'user.deactivated', 'user.deleted']);
    expect((await consoleCall(k, owner, 'DELETE', `/api/v1/users/${id}`)).body.error.code).to.equal('user_not_found');
  });

  it('resets a user security: factors and sessions gone', async () => {
    const viewer = await login(k, 'viewer', PASSWORD);
    await k.db('user_totp_factors').insert({ user_id: ids.viewer, secret: 'JBSWY3DPEHPK3PXP', confirmed_at: k.db.fn.now() });
    const res = await consoleCall(k, sessions.administrator, 'POST', `/api/v1/users/${ids.viewer}/security/reset`);
    expect(res.status).to.equal(204);
    expect(await k.db('user_totp_factors').where({ user_id: ids.viewer }).first()).to.equal(undefined);
    expect((await consoleCall(k, viewer, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(false);
    const forbidden = await consoleCall(k, sessions.administrator, 'POST', `/api/v1/users/${owner.userId}/security/reset`);
    expect(forbidden.status).to.equal(403);
  });
});
