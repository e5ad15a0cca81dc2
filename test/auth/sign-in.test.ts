import { eventually } from '../support/wait.js';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { AuthDeps } from '../../core-modules/auth/auth-deps.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, OWNER, resetRateLimits, sessionFrom, type ConsoleSession } from '../support/console-client.js';

describe('console sign-in', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('reports that setup is required on a fresh installation, with a stable identity', async () => {
    const status = await consoleCall(k, undefined, 'GET', '/api/v1/auth/status');
    expect(status.body.data).to.deep.include({ setupRequired: true, authenticated: false });
    const identity = await consoleCall(k, undefined, 'GET', '/api/v1/system/identity');
    expect(identity.body.data).to.deep.include({ product: 'signage-server', organizationName: '', apiVersion: 'v1', pairingEnabled: true });
    expect(identity.body.data.installationId).to.match(/^[0-9a-f-]{36}$/);
  });

  it('sets up once, even when two setups race, and signs the Owner in', async () => {
    const [a, b] = await Promise.all([
      consoleCall(k, undefined, 'POST', '/api/v1/auth/setup', OWNER),
      consoleCall(k, undefined, 'POST', '/api/v1/auth/setup', { ...OWNER, ownerName: 'Second Caller' }),
    ]);
    expect([a.status, b.status].sort()).to.deep.equal([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.error.code).to.equal('setup_complete');
    expect(await k.db('users').count({ n: '*' }).first()).to.deep.equal({ n: 1 });
    const winner = a.status === 201 ? a : b;
    expect(winner.body.data.user).to.deep.include({ role: 'owner', active: true });
    expect(winner.body.data.authMethod).to.equal('password');
    const cookie = winner.headers.get('set-cookie')!;
    expect(cookie).to.match(/signage_session=[A-Za-z0-9_-]{43}/);
    expect(cookie.toLowerCase()).to.include('httponly').and.include('samesite=strict');
    expect(cookie.toLowerCase()).not.to.include('secure;');
    const identity = await consoleCall(k, undefined, 'GET', '/api/v1/system/identity');
    expect(identity.body.data.organizationName).to.equal('Corner Café');
  });

  it('stores only a hash of the session token and of the password', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    const token = s.cookie.split('=')[1]!;
    const rows = await k.db('sessions').select('token_hash');
    expect(rows.map((r) => r.token_hash)).not.to.include(token);
    const user = await k.db('users').first('password_hash');
    expect(user.password_hash).to.match(/^\$argon2id\$/);
  });

  it('answers status with the user and CSRF token for a signed-in browser', async () => {
    const s = await login(k, 'OLIVIA ', OWNER.password);
    const status = await consoleCall(k, s, 'GET', '/api/v1/auth/status');
    expect(status.body.data).to.deep.include({ setupRequired: false, authenticated: true, csrfToken: s.csrfToken, authMethod: 'password' });
    expect(status.body.data.user.username).to.equal('olivia');
    expect(JSON.stringify(status.body)).not.to.contain('argon2');
  });

  it('refuses a wrong password and an unknown user alike, taking about the same time', async () => {
    // The fastest of a few tries is the intrinsic cost; other load on the machine only adds to it.
    const fastest = async (username: string) => {
      let best = Infinity;
      for (let i = 0; i < 3; i++) {
        const t0 = process.hrtime.bigint();
        const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username, password: 'not the password' });
        best = Math.min(best, Number(process.hrtime.bigint() - t0) / 1e6);
        expect(res.status).to.equal(401);
        expect(res.body.error.code).to.equal('invalid_credentials');
      }
      return best;
    };
    const wrongPassword = await fastest('olivia');
    const unknownUser = await fastest('nobody');
    const ratio = Math.min(wrongPassword, unknownUser) / Math.max(wrongPassword, unknownUser);
    expect(ratio, `wrong password ${wrongPassword.toFixed(0)} ms, unknown user ${unknownUser.toFixed(0)} ms`).to.be.greaterThan(0.5);
  });

  it('requires the CSRF token on unsafe requests', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    const missing = await consoleCall(k, { ...s, csrfToken: '' }, 'POST', '/api/v1/auth/logout');
    expect(missing.status).to.equal(403);
    expect(missing.body.error.code).to.equal('csrf_failed');
    const other = await login(k, OWNER.username, OWNER.password);
    const wrong = await consoleCall(k, { ...s, csrfToken: other.csrfToken }, 'POST', '/api/v1/auth/logout');
    expect(wrong.body.error.code).to.equal('csrf_failed');
    expect((await consoleCall(k, s, 'GET', '/api/v1/users')).status, 'GET needs no CSRF').to.equal(200);
  });

  it('takes the POSTs that change nothing without the CSRF token, as the reference console sends them', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    const noToken = { ...s, csrfToken: '' };
    const resolved = await consoleCall(k, noToken, 'POST', '/api/v1/screens/pairing/resolve', { code: 'ZZZZZZ' });
    expect([resolved.status, resolved.body.error.code]).to.deep.equal([404, 'pairing_not_found']);
    const preview = await consoleCall(k, noToken, 'POST', '/api/v1/schedules/preview', { screenId: '00000000-0000-4000-8000-000000000000' });
    expect([preview.status, preview.body.error.code]).to.deep.equal([404, 'screen_not_found']);
    // Each still needs the session itself.
    const anonymous = await consoleCall(k, undefined, 'POST', '/api/v1/schedules/preview', { screenId: '00000000-0000-4000-8000-000000000000' });
    expect(anonymous.status).to.equal(401);
    const openapi = (await k.request('/api/v1/openapi.json').then((r) => r.json())) as { paths: Record<string, Record<string, { security: object[] }>> };
    expect(openapi.paths['/api/v1/schedules/preview']!.post!.security).to.deep.equal([{ consoleSession: [] }]);
    expect(openapi.paths['/api/v1/schedules']!.post!.security).to.deep.equal([{ consoleSession: [], csrfToken: [] }]);
  });

  it('logs out: the cookie stops working and the row is gone', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    const before = Number((await k.db('sessions').count({ n: '*' }).first())!.n);
    const out = await consoleCall(k, s, 'POST', '/api/v1/auth/logout');
    expect(out.status).to.equal(204);
    expect(out.headers.get('set-cookie')).to.match(/signage_session=;/);
    expect((await consoleCall(k, s, 'GET', '/api/v1/users')).status).to.equal(401);
    expect(Number((await k.db('sessions').count({ n: '*' }).first())!.n)).to.equal(before - 1);
    const audit = await k.db('audit_log').where({ action: 'auth.logout' }).first();
    expect(audit.actor_id).to.equal(s.userId);
  });

  it('refuses an expired session', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    await k.db('sessions').update({ expires_at: k.db.raw(`now() - interval '1 second'`) });
    const res = await consoleCall(k, s, 'GET', '/api/v1/users');
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('authentication_required');
  });

  it('limits sign-in attempts to 10 per 10 minutes per address', async () => {
    for (let i = 0; i < 10; i++) await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: 'x', password: 'y' });
    const res = await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: OWNER.username, password: OWNER.password });
    expect(res.status).to.equal(429);
    expect(res.body.error.code).to.equal('rate_limited');
    expect(Number(res.headers.get('retry-after'))).to.be.within(1, 600);
  });

  it('keeps a session valid on another server process on the same database', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    const other = await bootTestKernel({ plugins: coreModules, databaseUrl: k.databaseUrl });
    try {
      expect((await consoleCall(other, s, 'GET', '/api/v1/users')).status).to.equal(200);
    } finally {
      await other.stop();
    }
  });

  it('never shows a password hash or session token in a response or log line', async () => {
    const s: ConsoleSession = sessionFrom(
      await consoleCall(k, undefined, 'POST', '/api/v1/auth/login', { username: OWNER.username, password: OWNER.password }),
    );
    await consoleCall(k, s, 'GET', '/api/v1/users');
    const hash = (await k.db('users').first('password_hash')).password_hash as string;
    const logs = JSON.stringify(k.logs);
    expect(logs).not.to.contain(hash);
    expect(logs).not.to.contain(s.cookie.split('=')[1]);
    expect(logs).not.to.contain(OWNER.password);
  });
});

describe('auth housekeeping', () => {
  it('purges expired sessions and sign-in challenges on its schedule', async () => {
    const k = await bootTestKernel({ plugins: coreModules });
    try {
      const owner = await consoleCall(k, undefined, 'POST', '/api/v1/auth/setup', OWNER);
      const userId = owner.body.data.user.id;
      await k.db('mfa_challenges').insert([
        { token_hash: 'old', purpose: 'login', user_id: userId, expires_at: k.db.raw(`now() - interval '1 minute'`) },
        { token_hash: 'live', purpose: 'login', user_id: userId, expires_at: k.db.raw(`now() + interval '5 minutes'`) },
      ]);
      await k.db('sessions').update({ expires_at: k.db.raw(`now() - interval '1 minute'`) });
      const deps = k.containerOf('auth').cradle as AuthDeps;
      await deps.jobs.send('auth.purge-expired', {});
      await eventually(
        async () => (await k.db('mfa_challenges').count({ n: '*' }).first())!.n,
        (n) => n === 1,
        10_000,
      );
      expect((await k.db('mfa_challenges').select('token_hash')).map((r) => r.token_hash)).to.deep.equal(['live']);
      expect(await k.db('sessions').count({ n: '*' }).first()).to.deep.equal({ n: 0 });
    } finally {
      await k.stop();
    }
  });
});
