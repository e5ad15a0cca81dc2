import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { bootTestKernel, call, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { eventually } from '../support/wait.js';

describe('device credentials without the cache (SCREENS_CREDENTIAL_CACHE=false)', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { SCREENS_CREDENTIAL_CACHE: 'false' } });
  });
  after(() => k?.stop());

  it('sees a revocation written by anyone on the very next request', async () => {
    const screen = await pairScreen(k, await setUpOwner(k));
    expect((await playerCall(k, screen.credential, 'POST', '/api/v1/player/liveness')).status).to.equal(200);
    await k.db('screen_credentials').where({ screen_id: screen.screenId }).update({ revoked_at: k.db.fn.now() });
    expect((await playerCall(k, screen.credential, 'POST', '/api/v1/player/liveness')).body.error.code).to.equal('device_credential_revoked');
  });
});

describe('player socket', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let red: PairedScreen;
  let blue: PairedScreen;
  before(async () => {
    k = await bootTestKernel({
      plugins: coreModules,
      env: { PLAYER_PING_INTERVAL_MS: '200', SCREENS_CONTACT_FLUSH_MS: '100', SCREENS_PRESENCE_REFRESH_MS: '300' },
    });
    owner = await setUpOwner(k);
    red = await pairScreen(k, owner, { name: 'Red' });
    blue = await pairScreen(k, owner, { name: 'Blue' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  const statusOf = async (s: PairedScreen) => (await consoleCall(k, owner, 'GET', `/api/v1/screens/${s.screenId}`)).body.data.status as string;
  const deps = () => k.containerOf('screens').cradle as ScreensDeps;

  async function connected(s: PairedScreen): Promise<PlayerSocket> {
    const socket = await openPlayerSocket(k, s.credential);
    await socket.next('server.hello');
    return socket;
  }

  it('answers a plain GET on the socket path with 426 and how to upgrade, not a 404', async () => {
    const res = await k.request('/api/v1/player/socket', { headers: { authorization: `Bearer ${red.credential}` } });
    expect(res.status).to.equal(426);
    expect(res.headers.get('upgrade')).to.equal('websocket');
    expect((await res.json()).error.code).to.equal('websocket_upgrade_required');
  });

  it('closes a socket sending a malformed frame and leaves another screen’s socket alone', async () => {
    const bystander = await connected(blue);
    try {
      const cases: [unknown, number][] = [
        ['{"type": "player.hello", ', 1007],
        ['[1, 2, 3]', 1007],
        ['"just a string"', 1007],
        [{ type: 'player.selfie' }, 1003],
        [{ protocolVersion: 1 }, 1003],
        [{ type: 'player.hello', protocolVersion: 2 }, 1003],
      ];
      for (const [frame, expected] of cases) {
        const socket = await connected(red);
        socket.send(frame);
        expect((await socket.closed).code, JSON.stringify(frame)).to.equal(expected);
      }
      const pings = bystander.messages.filter((m) => m.type === 'server.ping').length;
      await eventually(
        async () => bystander.messages.filter((m) => m.type === 'server.ping').length,
        (n) => n > pings + 1,
      );
      expect(bystander.ws.readyState).to.equal(bystander.ws.OPEN);
      bystander.send({ type: 'player.pong' });
      expect(await statusOf(blue)).to.equal('online');
    } finally {
      bystander.ws.close();
      await bystander.closed;
    }
  });

  it('ignores binary frames (live-stream frames this server does not take)', async () => {
    const socket = await connected(red);
    socket.ws.send(Buffer.from('TCLS\x01 not really a frame'));
    socket.send({ type: 'player.pong' });
    // Frames are read in order: the socket is closed for the message after them (1003), not for the
    // binary frame (1007 had it been read as text), so the server read past it.
    socket.send({ type: 'player.unknown' });
    expect(await socket.closed).to.deep.equal({ code: 1003, reason: 'unsupported message type' });
  });

  it('forwards what other modules publish on the screen’s channel, and nothing of the control orders', async () => {
    const r = await connected(red);
    const b = await connected(blue);
    try {
      await deps().playerMessages.send('manifest.changed', red.screenId, { manifestVersion: 42 });
      await deps().screenNotifier.closeSockets(red.screenId, [randomUUID()]); // some other credential: not this socket
      await deps().hub.publish('screens', { type: 'config.changed', configRevision: 7 });
      expect(await r.next('manifest.changed')).to.deep.equal({ type: 'manifest.changed', manifestVersion: 42 });
      expect(await r.next('config.changed')).to.deep.equal({ type: 'config.changed', configRevision: 7 });
      // Published after red's push: had that push reached blue, it would be there already.
      expect(await b.next('config.changed')).to.deep.equal({ type: 'config.changed', configRevision: 7 });
      expect(
        b.messages.some((m) => m.type === 'manifest.changed'),
        'another screen’s push',
      ).to.equal(false);
      expect(
        [...r.messages, ...b.messages].some((m) => String(m.type).startsWith('screens.control')),
        'control orders never reach a player',
      ).to.equal(false);
      expect(r.ws.readyState).to.equal(r.ws.OPEN);
    } finally {
      r.ws.close();
      b.ws.close();
      await Promise.all([r.closed, b.closed]);
    }
  });

  it('refuses the upgrade without a valid device credential, in the reference’s order', async () => {
    const refused = (credential: string) => openPlayerSocket(k, credential).catch((e) => [e.status, e.body.error.code]);
    expect(await refused('')).to.deep.equal([401, 'device_credential_required']);
    expect(await refused('svc_device_nope')).to.deep.equal([401, 'device_credential_invalid']);
    const [prefix, secret] = red.credential.split('.') as [string, string];
    expect(await refused(`${prefix}.${secret.slice(0, -3)}abc`)).to.deep.equal([401, 'device_credential_invalid']);
    const cookie = await call(k, 'POST', '/api/v1/player/liveness', undefined, { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken });
    expect([cookie.status, cookie.body.error.code], 'a console session is no device credential').to.deep.equal([401, 'device_credential_required']);
  });

  it('closes sockets whose credential was revoked behind the hub’s back, within a presence refresh', async () => {
    const socket = await connected(blue);
    expect((await playerCall(k, blue.credential, 'POST', '/api/v1/player/liveness')).status).to.equal(200);
    // A revocation that published nothing (say, the hub's database listener was reconnecting).
    await k.db('screen_credentials').where({ screen_id: blue.screenId }).update({ revoked_at: k.db.fn.now() });
    // The credential cache hears of it from the database trigger, whoever wrote it.
    const refused = await eventually(
      () => playerCall(k, blue.credential, 'POST', '/api/v1/player/liveness'),
      (r) => r.status === 401,
      1_000,
    );
    expect(refused.body.error.code).to.equal('device_credential_revoked');
    expect((await socket.closed).code).to.equal(1008);
    await k.db('screen_credentials').where({ screen_id: blue.screenId }).update({ revoked_at: null });
    expect(
      (
        await eventually(
          () => playerCall(k, blue.credential, 'POST', '/api/v1/player/liveness'),
          (r) => r.status === 200,
          1_000,
        )
      ).status,
    ).to.equal(200);
  });

  it('does not count a screen online on the strength of a crashed process’s presence row', async () => {
    const instanceId = randomUUID();
    await k.db('screen_presence').insert({
      connection_id: randomUUID(),
      screen_id: red.screenId,
      credential_id: randomUUID(),
      instance_id: instanceId,
      last_seen_at: k.db.raw(`now() - interval '5 seconds'`),
    });
    expect(await statusOf(red), 'a row older than the TTL (3 refreshes) does not count').not.to.equal('online');
    await k.db('screen_presence').where({ instance_id: instanceId }).update({ last_seen_at: k.db.fn.now() });
    expect(await statusOf(red), 'a fresh one does').to.equal('online');
    await k
      .db('screen_presence')
      .where({ instance_id: instanceId })
      .update({ last_seen_at: k.db.raw(`now() - interval '11 minutes'`) });
    await eventually(
      async () => Number((await k.db('screen_presence').where({ instance_id: instanceId }).count({ n: '*' }).first())!.n),
      (n) => n === 0,
    );
    expect(await k.db('screen_presence').where({ instance_id: instanceId })).to.deep.equal([]);
  });

  it('keeps presence fresh while the socket stays open and removes it on close', async () => {
    const socket = await connected(red);
    const first = await k.db('screen_presence').where({ screen_id: red.screenId }).first();
    expect(first.instance_id).to.equal(deps().presenceService.instanceId);
    const refreshed = await eventually(
      () => k.db('screen_presence').where({ connection_id: first.connection_id }).first(),
      (r) => r.last_seen_at > first.last_seen_at,
    );
    expect(refreshed.last_seen_at.getTime()).to.be.greaterThan(first.last_seen_at.getTime());
    socket.ws.close();
    await socket.closed;
    await eventually(
      () => k.db('screen_presence').where({ screen_id: red.screenId }),
      (rows) => rows.length === 0,
    );
    expect(await statusOf(red)).to.equal('recent');
  });

  it('records socket traffic as contact even when the status payload is invalid', async () => {
    await k
      .db('screen_status')
      .where({ screen_id: red.screenId })
      .update({ last_contact_at: k.db.raw(`now() - interval '1 hour'`) });
    const socket = await connected(red);
    socket.send({ type: 'player.status', payload: { screenWidth: 'very wide' } });
    socket.ws.close();
    await socket.closed;
    const row = await eventually(
      () => k.db('screen_status').where({ screen_id: red.screenId }).first(),
      (r) => Date.now() - r.last_contact_at.getTime() < 10_000,
    );
    expect(Date.now() - row.last_contact_at.getTime()).to.be.below(10_000);
    expect((await playerCall(k, red.credential, 'POST', '/api/v1/player/liveness')).status).to.equal(200);
  });
});
