import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { pairScreen } from '../support/player-client.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';

const FLEET = '/api/v1/integration/activity/fleet';
const METRICS = '/api/v1/integration/metrics';
const SOURCE_ID = '0b5e7c1e-3c43-4a8e-9a61-7c2f3f0c0d11';

describe('fleet health (integration)', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let reader: string;

  const bearer = (path: string, token: string) => call(k, 'GET', path, undefined, { authorization: `Bearer ${token}` });

  async function createToken(body: Record<string, unknown>): Promise<string> {
    const res = await consoleCall(k, owner, 'POST', '/api/v1/integration-tokens', { name: 'fleet monitor', ...body });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data.secret as string;
  }

  // A small fleet with one screen in each status reachable without a socket, two playlists (one
  // empty) and open plus finished commands. Facts are set in the database directly, so the counts do
  // not depend on how fast the test runs through pairing.
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    reader = await createToken({ scopes: ['activity:read'] });
    const [recent, stale, disabled, neverSeen, revoked] = await Promise.all(
      ['Recent', 'Stale', 'Disabled', 'Never seen', 'Revoked'].map((name) => pairScreen(k, owner, { name: `${name} screen` })),
    );
    const contact = (id: string, at: string | null) =>
      k
        .db('screen_status')
        .where({ screen_id: id })
        .update({ last_contact_at: at === null ? null : k.db.raw(at) });
    await contact(recent!.screenId, "now() - interval '30 seconds'");
    await contact(stale!.screenId, "now() - interval '5 minutes'");
    await contact(neverSeen!.screenId, null);
    await contact(revoked!.screenId, "now() - interval '30 seconds'");
    await k.db('screens').where({ id: disabled!.screenId }).update({ enabled: false });
    await k.db('screen_credentials').where({ screen_id: revoked!.screenId }).update({ revoked_at: k.db.fn.now() });

    const [withItem] = await k
      .db('playlists')
      .insert([{ name: 'Menu' }, { name: 'Nothing yet' }])
      .returning('id');
    await k.db('playlist_items').insert({
      playlist_id: withItem.id,
      position: 0,
      asset_id: randomUUID(),
      fit_mode: 'contain',
      transition: 'none',
      audio_enabled: true,
      volume: 1,
      delivery_policy: 'automatic',
    });

    const command = (state: string, expires: string) => ({ screen_id: recent!.screenId, type: 'sync_now', payload: {}, state, expires_at: k.db.raw(expires) });
    await k.db('player_commands').insert([
      command('pending', "now() + interval '1 hour'"),
      command('delivered', "now() + interval '1 hour'"),
      command('succeeded', "now() + interval '1 hour'"),
      // Past its expiry but not yet swept: no longer waiting, so not open.
      command('pending', "now() - interval '1 minute'"),
    ]);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const EXPECTED_SCREENS = { total: 5, online: 0, recent: 1, stale: 1, offline: 1, disabled: 1, revoked: 1 };

  it('answers the fleet summary with counts by derived status', async () => {
    const res = await bearer(FLEET, reader);
    expect(res.status, res.text).to.equal(200);
    const data = res.body.data;
    expect(data.screens).to.deep.equal(EXPECTED_SCREENS);
    expect(data.playlists).to.deep.equal({ total: 2, empty: 1 });
    expect(data.commands).to.deep.equal({ open: 2 });
    expect(Math.abs(Date.parse(data.generatedAt) - Date.now())).to.be.lessThan(60_000);
  });

  it('answers Prometheus text with a HELP and TYPE line per gauge and the same counts', async () => {
    const res = await bearer(METRICS, reader);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/plain; version=0\.0\.4/);
    expect(res.text.endsWith('\n')).to.equal(true);

    const samples = new Map<string, number>();
    const helped = new Set<string>();
    const typed = new Set<string>();
    for (const line of res.text.split('\n').filter(Boolean)) {
      const comment = /^# (HELP|TYPE) (\w+) (.+)$/.exec(line);
      if (comment) {
        (comment[1] === 'HELP' ? helped : typed).add(comment[2]!);
        if (comment[1] === 'TYPE') expect(comment[3], line).to.equal('gauge');
        continue;
      }
      const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[a-zA-Z_]\w*="[^"]*"(?:,[a-zA-Z_]\w*="[^"]*")*\})? (-?\d+(?:\.\d+)?)$/.exec(line);
      expect(sample, `not a sample line: ${line}`).to.not.equal(null);
      samples.set(`${sample![1]}${sample![2] ?? ''}`, Number(sample![3]));
    }
    const names = ['signage_screens', 'signage_playlists_total', 'signage_playlists_empty', 'signage_commands_open'];
    expect([...helped].sort()).to.deep.equal([...names].sort());
    expect([...typed].sort()).to.deep.equal([...names].sort());
    for (const status of ['online', 'recent', 'stale', 'offline', 'disabled', 'revoked'] as const) {
      expect(samples.get(`signage_screens{status="${status}"}`), status).to.equal(EXPECTED_SCREENS[status]);
    }
    expect(samples.get('signage_playlists_total')).to.equal(2);
    expect(samples.get('signage_playlists_empty')).to.equal(1);
    expect(samples.get('signage_commands_open')).to.equal(2);
  });

  it('refuses a token without activity:read with 403 insufficient_scope', async () => {
    const writer = await createToken({ scopes: ['data_source:write'], dataSourceIds: [SOURCE_ID] });
    for (const path of [FLEET, METRICS]) {
      const res = await bearer(path, writer);
      expect(res.status, path).to.equal(403);
      expect(res.body.error.code, path).to.equal('insufficient_scope');
    }
  });

  it('refuses a console session with 401', async () => {
    for (const path of [FLEET, METRICS]) {
      const res = await consoleCall(k, owner, 'GET', path);
      expect(res.status, path).to.equal(401);
      expect(res.body.error.code, path).to.equal('invalid_token');
    }
  });
});
