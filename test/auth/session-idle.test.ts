import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { AuthDeps } from '../../core-modules/auth/auth-deps.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, OWNER, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { eventually } from '../support/wait.js';

const KEY = 'security.session_idle_timeout_minutes';
const tokenHash = (s: ConsoleSession) => createHash('sha256').update(s.cookie.split('=')[1]!).digest('hex');

describe('console sessions end after a while without use', () => {
  let k: TestKernel;
  let owner: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const row = (s: ConsoleSession) =>
    k
      .db('sessions')
      .where({ token_hash: tokenHash(s) })
      .first();
  /** The session was last used `seconds` ago. */
  const idle = (s: ConsoleSession, seconds: number) =>
    k
      .db('sessions')
      .where({ token_hash: tokenHash(s) })
      .update({ last_seen_at: k.db.raw(`now() - make_interval(secs => ?)`, [seconds]) });

  async function setIdleMinutes(minutes: number) {
    const doc = await consoleCall(k, owner, 'GET', '/api/v1/settings');
    const res = await consoleCall(k, owner, 'PATCH', '/api/v1/settings', { revision: doc.body.data.revision, values: { [KEY]: minutes } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  }

  it('is an organization setting: 30 minutes by default, 5 at least', async () => {
    const doc = (await consoleCall(k, owner, 'GET', '/api/v1/settings')).body.data;
    expect(doc.values[KEY]).to.equal(30);
    expect(doc.definitions.find((d: { key: string }) => d.key === KEY)).to.deep.include({
      type: 'int',
      category: 'security',
      min: 5,
      max: 1440,
      scope: 'organization',
      immediate: true,
    });
    const tooShort = await consoleCall(k, owner, 'PATCH', '/api/v1/settings', { revision: doc.revision, values: { [KEY]: 4 } });
    expect(tooShort.status).to.equal(422);
  });

  it('refuses a session idle for longer than the setting, and keeps one used within it', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    await idle(s, 29 * 60);
    expect((await consoleCall(k, s, 'GET', '/api/v1/users')).status).to.equal(200);
    await idle(s, 31 * 60);
    const res = await consoleCall(k, s, 'GET', '/api/v1/users');
    expect(res.status).to.equal(401);
    expect(res.body.error.code).to.equal('authentication_required');
    expect((await consoleCall(k, s, 'GET', '/api/v1/auth/status')).body.data.authenticated).to.equal(false);
  });

  it('follows the setting at once, down to its minimum', async () => {
    await setIdleMinutes(5);
    try {
      const s = await login(k, OWNER.username, OWNER.password);
      await idle(s, 4 * 60);
      expect((await consoleCall(k, s, 'GET', '/api/v1/users')).status).to.equal(200);
      await idle(s, 5 * 60 + 5);
      expect((await consoleCall(k, s, 'GET', '/api/v1/users')).status).to.equal(401);
    } finally {
      await setIdleMinutes(30);
    }
  });

  it('counts any use, writing the time at most once a minute', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    await idle(s, 30);
    const before = (await row(s)).last_seen_at as Date;
    await consoleCall(k, s, 'GET', '/api/v1/auth/status');
    expect((await row(s)).last_seen_at.getTime(), 'seen 30 s ago: not written again').to.equal(before.getTime());
    await idle(s, 20 * 60);
    await consoleCall(k, s, 'GET', '/api/v1/auth/status');
    expect(Date.now() - (await row(s)).last_seen_at.getTime(), 'seen 20 min ago: written now').to.be.lessThan(10_000);
  });

  it('is enforced by every server process, and the absolute lifetime still holds', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    const other = await bootTestKernel({ plugins: coreModules, databaseUrl: k.databaseUrl });
    try {
      expect((await consoleCall(other, s, 'GET', '/api/v1/users')).status).to.equal(200);
      await idle(s, 31 * 60);
      expect((await consoleCall(other, s, 'GET', '/api/v1/users')).status).to.equal(401);
      const t = await login(k, OWNER.username, OWNER.password);
      await k
        .db('sessions')
        .where({ token_hash: tokenHash(t) })
        .update({ expires_at: k.db.raw(`now() - interval '1 second'`) });
      expect((await consoleCall(k, t, 'GET', '/api/v1/users')).status, 'in use but past its lifetime').to.equal(401);
    } finally {
      await other.stop();
    }
  });

  it('has idle sessions purged with the expired ones', async () => {
    const s = await login(k, OWNER.username, OWNER.password);
    const kept = await login(k, OWNER.username, OWNER.password);
    await idle(s, 31 * 60);
    await (k.containerOf('auth').cradle as AuthDeps).jobs.send('auth.purge-expired', {});
    await eventually(
      () => row(s),
      (r) => r === undefined,
      10_000,
    );
    expect(await row(s)).to.equal(undefined);
    expect(await row(kept)).to.exist;
  });
});
