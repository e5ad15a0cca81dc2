import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { Takeovers } from '../../core-modules/takeovers/takeovers.api.js';
import type { TakeoversDeps } from '../../core-modules/takeovers/takeovers-deps.js';
import { androidManifestProblems } from '../support/android-player.js';
import { openConsoleSocket } from '../console-events/console-socket-client.js';
import { consoleCall, OWNER, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage, sessionsByRole, setSettings } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { referenceSelection } from '../support/reference-selection.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const MINUTE = 60_000;
const inMinutes = (m: number) => new Date(Date.now() + m * MINUTE).toISOString();

/** Takeovers through the API, as the reference's console starts them and its players follow them. */
describe('takeovers', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let bar: PairedScreen;
  let hall: PairedScreen;
  let own: string;
  let alarm: { id: string; assetId: string };
  let sockets: PlayerSocket[] = [];

  const api = (method: string, path: string, body?: unknown, as = owner) => consoleCall(k, as, method, path, body);
  const manifest = async (s: PairedScreen) => (await playerCall(k, s.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const deps = () => k.containerOf('takeovers').cradle as TakeoversDeps;
  const playlist = async (name: string, withItem = true) => {
    const created = (await api('POST', '/api/v1/playlists', { name: `${name} ${randomUUID().slice(0, 4)}` })).body.data;
    const image = await seedImage(k, name);
    if (withItem) expect((await api('POST', `/api/v1/playlists/${created.id}/items`, { assetId: image.id, durationMs: 5000 })).status).to.equal(201);
    await publishPlaylist(k, owner, created.id);
    return { id: created.id as string, assetId: image.id };
  };
  const start = async (body: Record<string, unknown>, as = owner) =>
    api('POST', '/api/v1/takeovers', { name: 'Evacuate', description: 'Fire on level 2', playlistId: alarm.id, expiresAt: inMinutes(30), ...body }, as);
  const started = async (body: Record<string, unknown>) => {
    const res = await start(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data as { id: string; status: string; affectedCount: number; expiresAt: string };
  };
  const cancel = (id: string) => api('POST', `/api/v1/takeovers/${id}/cancel`, { reason: 'All clear' });
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const connect = async (s: PairedScreen) => {
    const socket = await openPlayerSocket(k, s.credential);
    await socket.next('server.hello');
    sockets.push(socket);
    return socket;
  };
  const typesAfter = (socket: PlayerSocket, from: number) =>
    socket.messages
      .slice(from)
      .map((m) => m.type)
      .filter((t) => t !== 'server.ping');

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    [lobby, bar, hall] = [
      await pairScreen(k, owner, { name: 'Lobby' }),
      await pairScreen(k, owner, { name: 'Bar' }),
      await pairScreen(k, owner, { name: 'Hall' }),
    ];
    own = (await playlist('Own')).id;
    for (const s of [lobby, bar, hall])
      expect((await api('PUT', `/api/v1/screens/${s.screenId}/playlist-assignment`, { playlistId: own })).status).to.equal(200);
    alarm = await playlist('Alarm');
  });
  beforeEach(() => resetRateLimits(k));
  afterEach(async () => {
    for (const s of sockets) s.ws.close();
    sockets = [];
    // Each test starts from screens no takeover holds.
    for (const t of (await api('GET', '/api/v1/takeovers')).body.data.items) if (t.status === 'active') await cancel(t.id);
  });
  after(() => k?.stop());

  it('takes connected screens at once: takeover.changed, then manifest.changed, then a manifest the stock players rank above all', async () => {
    const socket = await connect(lobby);
    const from = socket.messages.length;
    const before = await manifest(lobby);
    const t = await started({ screenIds: [lobby.screenId] });
    expect(t).to.include({ status: 'active', affectedCount: 1 });
    const changed = await socket.next('manifest.changed');
    const announced = socket.messages.find((m) => m.type === 'takeover.changed')!;
    expect(typesAfter(socket, from).slice(0, 2), 'the takeover is announced before the manifest changes').to.deep.equal([
      'takeover.changed',
      'manifest.changed',
    ]);
    expect(announced).to.deep.equal({ type: 'takeover.changed', takeoverId: t.id, manifestVersion: before.manifestVersion + 1 });
    expect(changed.manifestVersion).to.equal(before.manifestVersion + 1);

    const m = await manifest(lobby);
    expect(m.manifestVersion).to.equal(changed.manifestVersion);
    expect(m.takeover).to.deep.include({ id: t.id, playlistId: alarm.id, expiresAt: t.expiresAt });
    expect(m.emergency, 'duplicated under the name older players read').to.deep.equal(m.takeover);
    expect(m.playlists.map((p: { id: string }) => p.id)).to.include.members([own, alarm.id]);
    expect(m.playlist.id, 'the fallback stays for when it ends').to.equal(own);
    expect(m.assets.map((a: { assetId: string }) => a.assetId)).to.include(alarm.assetId);
    expect(androidManifestProblems(m, lobby.screenId)).to.deep.equal([]);
    expect(referenceSelection(m, Date.now())).to.include({ source: 'takeover', playlistId: alarm.id, takeoverId: t.id });
    const preview = (await api('POST', '/api/v1/schedules/preview', { screenId: lobby.screenId })).body.data;
    expect(preview.winningPlaylistId, 'the preview names the same winner as the players').to.equal(alarm.id);
    expect((await manifest(bar)).takeover, 'screens it does not target are left alone').to.equal(undefined);

    const listed = (await api('GET', '/api/v1/takeovers')).body.data.items.find((x: { id: string }) => x.id === t.id);
    expect(listed).to.include({ name: 'Evacuate', playlistId: alarm.id, status: 'active', affectedCount: 1, preparingCount: 1, activeCount: 0 });
    expect(listed.origin).to.deep.equal({ kind: 'console', ref: null });
    const detail = (await api('GET', `/api/v1/takeovers/${t.id}`)).body.data;
    expect(detail.screens).to.have.length(1);
    expect(detail.screens[0]).to.include({ screenId: lobby.screenId, screenName: 'Lobby', state: 'notified', manifestVersion: changed.manifestVersion });
  });

  it('follows what players report of it, by heartbeat and over the socket, and tells watching consoles', async () => {
    const watching = await openConsoleSocket(k, owner);
    const t = await started({ screenIds: [lobby.screenId, bar.screenId] });
    await watching.next((m) => m.type === 'takeover.changed' && m.takeoverId === t.id && m.status === 'active');
    const state = async (screenId: string) => (await api('GET', `/api/v1/takeovers/${t.id}`)).body.data.screens.find((s: any) => s.screenId === screenId);
    const beat = await playerCall(k, lobby.credential, 'POST', '/api/v1/player/heartbeat', {
      activeTakeoverId: t.id,
      takeoverState: 'active',
      takeoverPreparationProgress: 100,
    });
    expect(beat.status).to.equal(200);
    expect(await state(lobby.screenId)).to.include({ state: 'active', preparationProgress: 100 });
    await watching.next((m) => m.type === 'takeover.screen_state' && m.screenId === lobby.screenId && m.state === 'active');
    watching.ws.close();
    expect((await state(lobby.screenId)).activatedAt).to.be.a('string');
    const socket = await connect(bar);
    socket.send({ type: 'player.status', payload: { activeTakeoverId: t.id, takeoverState: 'preparing', takeoverPreparationProgress: 40 } });
    await eventually(
      () => state(bar.screenId),
      (s) => s.state === 'preparing' && s.preparationProgress === 40,
    );
    const counts = (await api('GET', '/api/v1/takeovers')).body.data.items.find((x: { id: string }) => x.id === t.id);
    expect(counts).to.include({ affectedCount: 2, activeCount: 1, preparingCount: 1, failedCount: 0 });
    // An unknown state is not taken; a report for a takeover that no longer holds the screen changes nothing.
    await playerCall(k, lobby.credential, 'POST', '/api/v1/player/heartbeat', { activeTakeoverId: t.id, takeoverState: 'dancing' });
    expect((await state(lobby.screenId)).state).to.equal('active');
    expect((await cancel(t.id)).status).to.equal(200);
    await playerCall(k, lobby.credential, 'POST', '/api/v1/player/heartbeat', { activeTakeoverId: t.id, takeoverState: 'active' });
    expect((await state(lobby.screenId)).state).to.equal('cancelled');
  });

  it('moves overlapping screens to the newest takeover, ending one left with none', async () => {
    const first = await started({ screenIds: [lobby.screenId, bar.screenId] });
    const second = await started({ name: 'Lockdown', screenIds: [bar.screenId] });
    expect((await manifest(bar)).takeover.id).to.equal(second.id);
    expect((await manifest(lobby)).takeover.id, 'the first keeps the screens no newer one took').to.equal(first.id);
    const firstDetail = (await api('GET', `/api/v1/takeovers/${first.id}`)).body.data;
    expect(firstDetail.status).to.equal('active');
    expect(firstDetail.screens.find((s: any) => s.screenId === bar.screenId).state).to.equal('restored');
    const third = await started({ name: 'Shelter', screenIds: [lobby.screenId] });
    const ended = (await api('GET', `/api/v1/takeovers/${first.id}`)).body.data;
    expect(ended).to.include({ status: 'cancelled', cancellationReason: 'Replaced by another takeover' });
    expect((await manifest(lobby)).takeover.id).to.equal(third.id);
  });

  it('takes a group’s members, and gives every screen back to its schedule when cancelled', async () => {
    const group = (await api('POST', '/api/v1/screen-groups', { name: `Floor ${randomUUID().slice(0, 4)}` })).body.data;
    expect((await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: hall.screenId })).status).to.be.oneOf([200, 201, 204]);
    const scheduled = await playlist('Lunch');
    const schedule = await api('POST', '/api/v1/schedules', {
      name: 'Lunch',
      playlistId: scheduled.id,
      type: 'one_time',
      timezone: 'UTC',
      oneTimeStart: inMinutes(-60),
      oneTimeEnd: inMinutes(60),
      targets: [{ type: 'group', id: group.id }],
    });
    expect(schedule.status, JSON.stringify(schedule.body)).to.equal(201);
    const socket = await connect(hall);
    const t = await started({ groupIds: [group.id] });
    await socket.next('manifest.changed');
    expect(referenceSelection(await manifest(hall), Date.now())).to.include({ source: 'takeover', takeoverId: t.id });

    const from = socket.messages.length;
    const cancelled = await cancel(t.id);
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.data).to.include({ status: 'cancelled', cancellationReason: 'All clear' });
    await eventually(
      () => typesAfter(socket, from),
      (types) => types.includes('manifest.changed'),
    );
    expect(typesAfter(socket, from)[0]).to.equal('takeover.changed');
    const m = await manifest(hall);
    expect(m).to.not.have.property('takeover');
    expect(m).to.not.have.property('emergency');
    expect(referenceSelection(m, Date.now())).to.include({ source: 'schedule', playlistId: scheduled.id });
    expect((await api('POST', '/api/v1/schedules/preview', { screenId: hall.screenId })).body.data.winningPlaylistId).to.equal(scheduled.id);
    expect(errorOf(await cancel(t.id)), 'already ended').to.deep.equal([409, 'takeover_expired']);
    expect(errorOf(await cancel(randomUUID()))).to.deep.equal([404, 'takeover_not_found']);
    expect(errorOf(await api('GET', `/api/v1/takeovers/${randomUUID()}`))).to.deep.equal([404, 'takeover_not_found']);
  });

  it('expires by the minute job, once, and the screens return to their own playlist', async () => {
    const t = await started({ screenIds: [bar.screenId] });
    await k
      .db('takeovers')
      .where({ id: t.id })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const [one, two] = await Promise.all([deps().takeoversService.expireDue(), deps().takeoversService.expireDue()]);
    expect(one + two, 'two runs at once end it once').to.equal(1);
    expect((await api('GET', `/api/v1/takeovers/${t.id}`)).body.data).to.include({ status: 'expired', cancelledAt: null });
    const m = await eventually(
      () => manifest(bar),
      (x) => !x.takeover,
    );
    expect(referenceSelection(m, Date.now())).to.include({ source: 'direct', playlistId: own });
    const audit = await k.db('audit_log').where({ resource_id: t.id }).select('action');
    expect(audit.map((a) => a.action).sort()).to.deep.equal(['takeover.activated', 'takeover.expired']);
  });

  it('reaches a screen that was offline with the manifest it fetches on reconnecting', async () => {
    const t = await started({ screenIds: [hall.screenId] });
    const stateOf = async () => (await api('GET', `/api/v1/takeovers/${t.id}`)).body.data.screens[0].state;
    expect(await stateOf(), 'no player was there to tell').to.equal('offline');
    const socket = await connect(hall);
    expect(socket.messages.some((m) => m.type === 'takeover.changed')).to.equal(false);
    expect((await manifest(hall)).takeover.id).to.equal(t.id);
  });

  it('refuses bad requests with the reference’s codes, changing nothing', async () => {
    const before = (await api('GET', '/api/v1/takeovers')).body.data.total;
    const empty = await playlist('Empty', false);
    const many = Array.from({ length: 251 }, () => randomUUID());
    const cases: [Record<string, unknown>, number, string][] = [
      [{ screenIds: [], groupIds: [] }, 422, 'takeover_target_required'],
      [{ screenIds: many.slice(0, 200), groupIds: many.slice(200) }, 422, 'takeover_target_required'],
      [{ screenIds: [randomUUID()] }, 422, 'takeover_target_required'],
      [{ screenIds: [lobby.screenId], expiresAt: inMinutes(24 * 60 + 5) }, 422, 'takeover_duration_exceeded'],
      [{ screenIds: [lobby.screenId], expiresAt: inMinutes(-1) }, 422, 'takeover_duration_exceeded'],
      [{ screenIds: [lobby.screenId], playlistId: empty.id }, 422, 'takeover_playlist_not_ready'],
      [{ screenIds: [lobby.screenId], playlistId: randomUUID() }, 422, 'takeover_playlist_not_ready'],
      [{ screenIds: [lobby.screenId], name: '  ' }, 422, 'validation_failed'],
      [{ screenIds: [lobby.screenId], name: 'Fire\u0000' }, 422, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) expect(errorOf(await start(body)), JSON.stringify(body).slice(0, 80)).to.deep.equal([status, code]);
    const { editor } = await sessionsByRole(k, owner, ['editor']);
    expect(errorOf(await start({ screenIds: [lobby.screenId] }, editor))).to.deep.equal([403, 'insufficient_role']);
    expect((await api('GET', '/api/v1/takeovers')).body.data.total).to.equal(before);
    expect((await manifest(lobby)).takeover).to.equal(undefined);
  });

  it('asks for the caller’s password when the organization says so', async () => {
    await setSettings(k, owner, { 'takeover.reauthentication_required': true });
    try {
      expect(errorOf(await start({ screenIds: [lobby.screenId] }))).to.deep.equal([401, 'reauthentication_required']);
      expect(errorOf(await start({ screenIds: [lobby.screenId], password: 'not my password' }))).to.deep.equal([401, 'reauthentication_required']);
      expect((await start({ screenIds: [lobby.screenId], password: OWNER.password })).status).to.equal(201);
    } finally {
      await setSettings(k, owner, { 'takeover.reauthentication_required': false });
    }
  });

  it('keeps a playlist a takeover plays from being deleted, and follows its publications', async () => {
    const list = await playlist('Drill');
    const t = await started({ screenIds: [bar.screenId], playlistId: list.id });
    expect(errorOf(await api('DELETE', `/api/v1/playlists/${list.id}`))).to.deep.equal([409, 'playlist_conflict']);
    const before = await manifest(bar);
    const added = await seedImage(k, 'Exit map');
    expect((await api('POST', `/api/v1/playlists/${list.id}/items`, { assetId: added.id, durationMs: 5000 })).status).to.equal(201);
    await publishPlaylist(k, owner, list.id);
    const after = await eventually(
      () => manifest(bar),
      (m) => m.manifestVersion > before.manifestVersion,
    );
    expect(after.takeover.id).to.equal(t.id);
    expect(after.assets.map((a: { assetId: string }) => a.assetId)).to.include(added.id);
  });

  describe('started by another module (the face weather alerts use)', () => {
    const face = () => (k.containerOf('takeovers').cradle as TakeoversDeps).takeoversService as Takeovers;

    it('starts, extends and ends inside the caller’s transaction', async () => {
      const { id, screenIds } = await k.db.transaction((trx) =>
        face().start(
          {
            name: 'Tornado warning',
            playlistId: alarm.id,
            screenIds: [lobby.screenId],
            groupIds: [],
            expiresAt: new Date(inMinutes(20)),
            origin: { kind: 'weather_alert', ref: 'rule:alert' },
          },
          trx,
        ),
      );
      expect(screenIds).to.deep.equal([lobby.screenId]);
      const view = (await api('GET', `/api/v1/takeovers/${id}`)).body.data;
      expect(view.origin).to.deep.equal({ kind: 'weather_alert', ref: 'rule:alert' });
      const later = new Date(inMinutes(45));
      await k.db.transaction((trx) => face().extend(id, later, trx));
      expect((await manifest(lobby)).takeover.expiresAt).to.equal(later.toISOString());
      await k.db.transaction((trx) => face().end(id, 'Alert ended', trx));
      await k.db.transaction((trx) => face().end(id, 'Again', trx));
      expect((await api('GET', `/api/v1/takeovers/${id}`)).body.data).to.include({ status: 'cancelled', cancellationReason: 'Alert ended' });
      expect((await manifest(lobby)).takeover).to.equal(undefined);
    });

    it('leaves nothing behind when the caller’s transaction fails after starting one: no rows, no messages', async () => {
      const socket = await connect(bar);
      const from = socket.messages.length;
      const before = (await api('GET', '/api/v1/takeovers')).body.data.total;
      const failed = await k.db
        .transaction(async (trx) => {
          await face().start(
            { name: 'Half done', playlistId: alarm.id, screenIds: [bar.screenId], groupIds: [], expiresAt: new Date(inMinutes(20)), origin: { kind: 'test' } },
            trx,
          );
          throw new Error('the process died here');
        })
        .catch((err: Error) => err.message);
      expect(failed).to.equal('the process died here');
      expect((await api('GET', '/api/v1/takeovers')).body.data.total).to.equal(before);
      expect(await k.db('takeover_screen_states').where({ screen_id: bar.screenId }).whereNotIn('state', ['restored', 'expired', 'cancelled'])).to.deep.equal(
        [],
      );
      // The next change's messages are the first the player gets.
      const t = await started({ screenIds: [bar.screenId] });
      await socket.next('manifest.changed');
      const got = socket.messages.slice(from).filter((m) => m.type !== 'server.ping');
      expect(got[0]).to.include({ type: 'takeover.changed', takeoverId: t.id });
      expect(got.filter((m) => m.type === 'takeover.changed')).to.have.length(1);
    });
  });
});
