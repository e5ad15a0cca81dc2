import { expect } from 'chai';
import sharp from 'sharp';
import { coreModules } from '../../core-modules/index.js';
import type { OrganizationSettings } from '../../core-modules/settings/settings.api.js';
import type { SecretBox } from '../../kernel/secret-box.js';
import type { Storage } from '../../kernel/storage/storage.js';
import { type ConsoleSession, consoleCall, login, resetRateLimits } from '../support/console-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { uploadFile } from '../support/uploads.js';
import { recentProblems } from '../support/media-assets.js';
import { eventually } from '../support/wait.js';

const SEED_WAIT_MS = 240_000;

/**
 * What the installation holds: each table's rows (ids in order where it has them) and the stored
 * files. Left out: what a reset keeps (rate limits, job leases, its own marker, the players'
 * versions, which move on: see the manifest test) and the contact
 * hours the simulated screens add with each heartbeat, whenever it lands.
 */
async function fingerprint(k: TestKernel): Promise<Record<string, string>> {
  const tables: { name: string; has_id: boolean }[] = (
    await k.db.raw(
      `SELECT c.relname AS name, bool_or(a.attname = 'id') AS has_id
         FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
          AND c.relname NOT LIKE 'migrations\\_%' AND c.relname NOT IN ('kernel_rate_limits', 'kernel_job_leases', 'demo_state', 'player_manifest_state', 'player_config_state', 'screen_contact_hours')
        GROUP BY c.relname ORDER BY c.relname`,
    )
  ).rows;
  const print: Record<string, string> = {};
  for (const t of tables) {
    const ids = t.has_id ? `, md5(coalesce(string_agg(id::text, ',' ORDER BY id::text), '')) AS ids` : '';
    const row = (await k.db.raw(`SELECT count(*)::int AS n${ids} FROM "${t.name}"`)).rows[0];
    print[t.name] = `${row.n} ${row.ids ?? ''}`;
  }
  const keys: string[] = [];
  for await (const key of k.containerOf('kernel').resolve<Storage>('storage').list('')) keys.push(key);
  print['storage files'] = keys.sort().join(' ');
  return print;
}

/** Reads until `done` holds (a change reaches the manifest after its commit), at most 10 s. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('demo mode', function () {
  this.timeout(SEED_WAIT_MS + 60_000);
  let k: TestKernel;
  const demo = () => call(k, 'GET', '/api/v1/demo');
  const signIn = async (): Promise<ConsoleSession> => {
    const { username, password } = (await demo()).body.data.credentials;
    return login(k, username, password);
  };

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { SIGNAGE_ENV: 'demo' } });
    const deadline = Date.now() + SEED_WAIT_MS;
    while ((await demo()).body.data.status === 'seeding' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    const problems = k.logs.filter((l) => Number(l.level) >= 40).map((l) => JSON.stringify(l).slice(0, 600));
    if ((await demo()).body.data.status !== 'ready') throw new Error(`the demo was not seeded:\n${problems.join('\n')}`);
  });
  beforeEach(() => resetRateLimits(k));
  after(() => k?.stop());

  it('seeds an organization on first start, with public sign-in, content and screens that report', async () => {
    const res = await demo();
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.include({ status: 'ready', credentials: { username: 'demo', password: 'try the demo signage' }, resetAt: null });
    const owner = await signIn();
    const get = async (path: string) => (await consoleCall(k, owner, 'GET', path)).body.data;
    expect((await get('/api/v1/playlists')).items.map((p: { name: string }) => p.name).sort()).to.deep.equal([
      'Café specials',
      'Lobby loop',
      'Lunchtime promotions',
    ]);
    expect((await get('/api/v1/layouts')).total).to.equal(1);
    expect((await get('/api/v1/schedules')).items ?? (await get('/api/v1/schedules'))).to.have.length(1);
    const assets = (await get('/api/v1/assets')).items;
    expect(assets.map((a: { type: string; processingStatus: string }) => `${a.type} ${a.processingStatus}`).sort()).to.deep.equal([
      'image ready',
      'image ready',
      'image ready',
      'image ready',
      'video ready',
    ]);
    const screens = (await get('/api/v1/screens')).items ?? (await get('/api/v1/screens'));
    expect(screens).to.have.length(5);
    expect(screens.map((s: { status: string }) => s.status)).to.satisfy((all: string[]) => all.every((s) => s === 'recent' || s === 'online'));
  });

  it('resets to the seed in one go, twice with the same result, signing everyone out and removing new files', async () => {
    const seeded = await fingerprint(k);
    const changeThings = async () => {
      const owner = await signIn();
      expect((await consoleCall(k, owner, 'POST', '/api/v1/playlists', { name: 'Visitor’s playlist' })).status).to.equal(201);
      const settings = (await consoleCall(k, owner, 'GET', '/api/v1/settings')).body.data;
      const changed = await consoleCall(k, owner, 'PATCH', '/api/v1/settings', {
        revision: settings.revision,
        values: { 'power.active_hours_timezone': 'Asia/Tokyo' },
      });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c03' } })
        .png()
        .toBuffer();
      expect((await uploadFile(k, owner, 'visitor.png', png, 'image/png')).res.status).to.equal(200);
      expect(await fingerprint(k)).to.not.deep.equal(seeded);
      return owner;
    };
    const reset = async (owner: ConsoleSession) => {
      const res = await consoleCall(k, owner, 'POST', '/api/v1/demo/reset');
      expect(res.status, `${JSON.stringify(res.body)}${recentProblems(k)}`).to.equal(200);
      expect(res.body.data.status).to.equal('ready');
      expect(res.body.data.resetAt).to.be.a('string');
      expect((await consoleCall(k, owner, 'GET', '/api/v1/playlists')).status, 'the session is gone').to.equal(401);
      // Every process dropped what it kept of the visitor's changes: the settings read is the seed's.
      const settings = k.containerOf('settings').resolve<OrganizationSettings>('settingsService');
      const zone = async () => (await settings.values(['power.active_hours_timezone']))['power.active_hours_timezone'];
      expect(await eventually(zone, (z) => z !== 'Asia/Tokyo', 5_000)).to.not.equal('Asia/Tokyo');
      return fingerprint(k);
    };

    const first = await reset(await changeThings());
    const second = await reset(await changeThings());
    expect(second, 'the second reset leaves what the first did').to.deep.equal(first);
    // Beside the seed: the reset is audited (after the restore), and the earlier test's session is gone.
    const { audit_log: _a, sessions, ...rest } = first;
    const { audit_log: _s, sessions: _p, ...seededRest } = seeded;
    expect(rest).to.deep.equal(seededRest);
    expect(sessions).to.match(/^0 /);
  });

  it('has players play the seeded content again after a reset, at a newer version', async () => {
    const state = await k.db('demo_state').first();
    const [lobby] = state.screens;
    const credential = k.containerOf('kernel').resolve<SecretBox>('secretBox').open(lobby.sealedCredential, 'demo-screen-credential');
    const manifest = async () => (await call(k, 'GET', '/api/v1/player/manifest', undefined, { authorization: `Bearer ${credential}` })).body.data;
    const content = ({ manifestVersion: _v, generatedAt: _g, serverTime: _s, ...rest }: Record<string, unknown>) => rest;
    const seeded = await manifest();

    const owner = await signIn();
    const playlists = (await consoleCall(k, owner, 'GET', '/api/v1/playlists')).body.data.items;
    const assigned = await consoleCall(k, owner, 'PUT', `/api/v1/screens/${lobby.screenId}/playlist-assignment`, { playlistId: playlists[0].id });
    expect(assigned.status).to.equal(200);
    const changed = await until(manifest, (m) => m.manifestVersion > seeded.manifestVersion);
    expect(content(changed)).to.not.deep.equal(content(seeded));

    expect((await consoleCall(k, owner, 'POST', '/api/v1/demo/reset')).status).to.equal(200);
    const after = await manifest();
    expect(after.manifestVersion, 'versions only move on').to.be.greaterThan(changed.manifestVersion);
    expect(content(after)).to.deep.equal(content(seeded));
  });

  it('resets every night, even when a visitor changed the owner’s password', async () => {
    const owner = await signIn();
    const { password } = (await demo()).body.data.credentials;
    const changed = await consoleCall(k, owner, 'POST', '/api/v1/me/password', { currentPassword: password, newPassword: 'a visitor locked everyone out' });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(204);
    await k.containerOf('demo').resolve<{ resetOnSchedule(): Promise<void> }>('demoService').resetOnSchedule();
    expect((await consoleCall(k, await signIn(), 'GET', '/api/v1/playlists')).status, 'the demo sign-in works again').to.equal(200);
    const entry = await k.db('audit_log').where({ action: 'demo.reset' }).orderBy('id', 'desc').first();
    expect(entry.actor_kind).to.equal('system');
  });

  it('allows a few resets a minute per address, only to the owner', async () => {
    expect((await call(k, 'POST', '/api/v1/demo/reset')).status).to.equal(401);
    const answers: number[] = [];
    for (let i = 0; i < 4; i++) answers.push((await consoleCall(k, await signIn(), 'POST', '/api/v1/demo/reset')).status);
    expect(answers).to.deep.equal([200, 200, 200, 429]);
  });
});

describe('outside demo mode', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
  });
  after(() => k?.stop());

  it('the demo routes answer 404 demo_disabled and nothing is seeded', async () => {
    const res = await call(k, 'GET', '/api/v1/demo');
    expect([res.status, res.body.error.code]).to.deep.equal([404, 'demo_disabled']);
    expect((await call(k, 'GET', '/api/v1/auth/status')).body.data).to.deep.include({ setupRequired: true });
  });
});
