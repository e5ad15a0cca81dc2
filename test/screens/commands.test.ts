import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { consoleCall, login, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { commandsJobs } from '../../core-modules/screens/commands/commands.jobs.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';

/**
 * Remote commands end to end: the console queues, the player is told over its socket, fetches
 * (delivered), acknowledges and reports; cancellation, expiry, the cap and the allowlist.
 */
describe('screen commands', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let editor: ConsoleSession;
  let screen: PairedScreen;
  let other: PairedScreen;
  let socket: PlayerSocket;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    const made = await consoleCall(k, owner, 'POST', '/api/v1/users', {
      name: 'Eddie Editor',
      username: 'eddie',
      password: 'a long enough password',
      role: 'editor',
    });
    expect(made.status, JSON.stringify(made.body)).to.equal(201);
    editor = await login(k, 'eddie', 'a long enough password');
    screen = await pairScreen(k, owner, { name: 'Lobby' });
    other = await pairScreen(k, owner, { name: 'Back office' });
    socket = await openPlayerSocket(k, screen.credential);
  });
  after(async () => {
    socket?.ws.close();
    await k?.stop();
  });
  beforeEach(() => resetRateLimits(k));

  const enqueue = (body: unknown, screenId = screen.screenId, session = owner) => consoleCall(k, session, 'POST', `/api/v1/screens/${screenId}/commands`, body);
  const asPlayer = (method: string, path: string, body?: unknown, who = screen) => playerCall(k, who.credential, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];

  let identifyId: string;

  it('queues an allowed command with 202 and tells the player over its socket', async () => {
    socket.messages.length = 0;
    const res = await enqueue({ type: 'identify_screen', payload: { durationSeconds: 30 }, idempotencyKey: 'identify-1' });
    expect(res.status, JSON.stringify(res.body)).to.equal(202);
    expect(res.body.data.state).to.equal('pending');
    identifyId = res.body.data.id;
    const lifetime = Date.parse(res.body.data.expiresAt) - Date.now();
    expect(lifetime).to.be.within(590_000, 610_000);
    await socket.next('commands.available');
  });

  it('answers a repeated idempotency key with the first command', async () => {
    const res = await enqueue({ type: 'identify_screen', payload: { durationSeconds: 30 }, idempotencyKey: 'identify-1' });
    expect(res.status).to.equal(202);
    expect(res.body.data.id).to.equal(identifyId);
    expect(Number((await k.db('player_commands').where({ screen_id: screen.screenId }).count({ n: '*' }).first())?.n)).to.equal(1);
  });

  it('tells a player that connects later about commands already waiting for it', async () => {
    const late = await openPlayerSocket(k, screen.credential);
    try {
      await late.next('server.hello');
      await late.next('commands.available');
      const quiet = await openPlayerSocket(k, other.credential);
      // The server tells of waiting commands between its hello and its first ping.
      await quiet.next('server.ping');
      expect(
        quiet.messages.map((m) => m.type),
        'a screen with nothing waiting',
      ).to.not.include('commands.available');
      quiet.ws.close();
    } finally {
      late.ws.close();
    }
  });

  it('refuses invalid payloads and unknown types with 422', async () => {
    const bad = [
      { type: 'identify_screen', payload: { durationSeconds: 5 } },
      { type: 'identify_screen', payload: { durationSeconds: 30, extra: 1 } },
      { type: 'display_set_input', payload: { input: 'HDMI 1' } },
      { type: 'display_set_volume', payload: { volume: 101 } },
      { type: 'display_set_volume', payload: { level: 40 } },
      { type: 'display_set_brightness', payload: { brightness: 40.5 } },
      { type: 'sync_now', payload: { anything: true } },
      { type: 'sync_now', payload: [1] },
      { type: 'display_set_input', payload: { input: 'x'.repeat(2100) } },
    ];
    for (const body of bad) expect(errorOf(await enqueue(body)), JSON.stringify(body).slice(0, 80)).to.deep.equal([422, 'command_invalid_payload']);
    expect(errorOf(await enqueue({ type: 'format_disk' }))).to.deep.equal([422, 'command_invalid_payload']);
    // The players read `volume` and `brightness` and refuse any other key.
    expect((await enqueue({ type: 'display_set_brightness', payload: { brightness: 40 } })).status).to.equal(202);
  });

  it('sends AirPlay, presentation-network and update commands to their own APIs (403)', async () => {
    expect(errorOf(await enqueue({ type: 'prepare_airplay_session' }))).to.deep.equal([403, 'airplay_session_api_required']);
    expect(errorOf(await enqueue({ type: 'test_presentation_network' }))).to.deep.equal([403, 'presentation_network_api_required']);
    expect(errorOf(await enqueue({ type: 'install_player_update', payload: {} }))).to.deep.equal([403, 'update_deployment_api_required']);
  });

  it('answers 404 for an unknown screen and 403 for an editor', async () => {
    expect(errorOf(await enqueue({ type: 'sync_now' }, randomUUID()))).to.deep.equal([404, 'screen_not_found']);
    expect(errorOf(await enqueue({ type: 'sync_now' }, screen.screenId, editor))).to.deep.equal([403, 'insufficient_role']);
    expect((await consoleCall(k, editor, 'GET', `/api/v1/screens/${screen.screenId}/commands`)).status, 'editors may read').to.equal(200);
  });

  it('hands open commands to the player, marking them delivered', async () => {
    const res = await asPlayer('GET', '/api/v1/player/commands');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const identify = res.body.data.items.find((c: any) => c.id === identifyId);
    expect(identify).to.deep.include({ type: 'identify_screen', payload: { durationSeconds: 30 }, idempotencyKey: 'identify-1', state: 'delivered' });
    expect(res.body.data.items.map((c: any) => c.state)).to.deep.equal(['delivered', 'delivered']);
    // The stock players parse exactly this payload for the display command.
    expect(res.body.data.items.find((c: any) => c.type === 'display_set_brightness')?.payload).to.deep.equal({ brightness: 40 });
    const row = await k.db('player_commands').where({ id: identifyId }).first();
    expect(row.state).to.equal('delivered');
    expect(row.delivered_at).to.be.instanceOf(Date);
  });

  it('takes an acknowledgement and a result, and a repeated result answers the same', async () => {
    const ack = await asPlayer('POST', `/api/v1/player/commands/${identifyId}/acknowledge`);
    expect([ack.status, ack.body.data]).to.deep.equal([200, { id: identifyId, state: 'acknowledged' }]);
    expect((await asPlayer('POST', `/api/v1/player/commands/${identifyId}/acknowledge`, {})).status, 'repeat acknowledge').to.equal(200);
    const done = await asPlayer('POST', `/api/v1/player/commands/${identifyId}/result`, { success: true, code: 'shown', message: 'Overlay shown for 30 s' });
    expect([done.status, done.body.data]).to.deep.equal([200, { id: identifyId, state: 'succeeded' }]);
    const again = await asPlayer('POST', `/api/v1/player/commands/${identifyId}/result`, { success: true });
    expect([again.status, again.body.data]).to.deep.equal([200, { id: identifyId, state: 'succeeded' }]);
    expect(errorOf(await asPlayer('POST', `/api/v1/player/commands/${identifyId}/result`, { success: false }))).to.deep.equal([
      409,
      'command_already_completed',
    ]);

    const list = await consoleCall(k, owner, 'GET', `/api/v1/screens/${screen.screenId}/commands`);
    const item = list.body.data.items.find((c: any) => c.id === identifyId);
    expect(item).to.deep.include({ state: 'succeeded', resultCode: 'shown', resultMessage: 'Overlay shown for 30 s' });
    expect(item.deliveredAt && item.acknowledgedAt && item.completedAt).to.be.a('string');
    const open = await asPlayer('GET', '/api/v1/player/commands');
    expect(open.body.data.items.map((c: any) => c.id)).not.to.include(identifyId);
  });

  it('does not let a player see or touch another screen’s command', async () => {
    expect(errorOf(await asPlayer('POST', `/api/v1/player/commands/${identifyId}/acknowledge`, undefined, other))).to.deep.equal([404, 'command_not_found']);
    expect(errorOf(await asPlayer('POST', `/api/v1/player/commands/${identifyId}/result`, { success: true }, other))).to.deep.equal([404, 'command_not_found']);
    expect((await asPlayer('GET', '/api/v1/player/commands', undefined, other)).body.data.items).to.deep.equal([]);
  });

  it('cancels an open command, and only an open one', async () => {
    const id = (await enqueue({ type: 'reload_playback' })).body.data.id;
    const res = await consoleCall(k, owner, 'POST', `/api/v1/screens/${screen.screenId}/commands/${id}/cancel`);
    expect([res.status, res.body.data]).to.deep.equal([200, { id, state: 'cancelled' }]);
    expect(errorOf(await consoleCall(k, owner, 'POST', `/api/v1/screens/${screen.screenId}/commands/${id}/cancel`))).to.deep.equal([
      409,
      'command_already_completed',
    ]);
    expect(errorOf(await consoleCall(k, owner, 'POST', `/api/v1/screens/${screen.screenId}/commands/${identifyId}/cancel`))).to.deep.equal([
      409,
      'command_already_completed',
    ]);
    expect(errorOf(await asPlayer('POST', `/api/v1/player/commands/${id}/result`, { success: true }))).to.deep.equal([409, 'command_expired']);
    expect(errorOf(await consoleCall(k, owner, 'POST', `/api/v1/screens/${other.screenId}/commands/${id}/cancel`))).to.deep.equal([404, 'command_not_found']);
  });

  it('expires commands past their time: not listed for the player, 409 on result', async () => {
    const id = (await enqueue({ type: 'sync_now' })).body.data.id;
    await k
      .db('player_commands')
      .where({ id })
      .update({ expires_at: k.db.raw("now() - interval '1 second'") });
    expect(errorOf(await asPlayer('POST', `/api/v1/player/commands/${id}/result`, { success: true }))).to.deep.equal([409, 'command_expired']);
    const open = await asPlayer('GET', '/api/v1/player/commands');
    expect(open.body.data.items.map((c: any) => c.id)).not.to.include(id);
    expect((await k.db('player_commands').where({ id }).first()).state).to.equal('expired');
  });

  it('expires commands from the minute job as well', async () => {
    const id = (await enqueue({ type: 'sync_now' }, other.screenId)).body.data.id;
    await k
      .db('player_commands')
      .where({ id })
      .update({ expires_at: k.db.raw("now() - interval '1 second'") });
    const job = commandsJobs.find((j) => j.name === 'screens.expire-commands')!;
    await job.handler({}, k.containerOf('screens').cradle as ScreensDeps, { id: 'test', retryCount: 0, signal: new AbortController().signal });
    expect((await k.db('player_commands').where({ id }).first()).state).to.equal('expired');
  });

  it('caps open commands per screen at 50 (429)', async () => {
    await k.db('player_commands').where({ screen_id: other.screenId }).delete();
    await k.db('player_commands').insert(
      Array.from({ length: 50 }, () => ({
        screen_id: other.screenId,
        type: 'sync_now',
        payload: {},
        state: 'pending',
        expires_at: k.db.raw("now() + interval '10 minutes'"),
      })),
    );
    expect(errorOf(await enqueue({ type: 'sync_now' }, other.screenId))).to.deep.equal([429, 'command_limit_reached']);
    // One finishing makes room for one more.
    await k
      .db('player_commands')
      .whereIn('id', k.db('player_commands').where({ screen_id: other.screenId, state: 'pending' }).limit(1).select('id'))
      .update({ state: 'succeeded' });
    expect((await enqueue({ type: 'sync_now' }, other.screenId)).status).to.equal(202);
  });

  it('refuses commands for a disabled screen (409 screen_unavailable)', async () => {
    expect((await consoleCall(k, owner, 'POST', `/api/v1/screens/${other.screenId}/disable`)).status).to.equal(204);
    expect(errorOf(await enqueue({ type: 'sync_now', idempotencyKey: 'after-disable' }, other.screenId))).to.deep.equal([409, 'screen_unavailable']);
  });
});
