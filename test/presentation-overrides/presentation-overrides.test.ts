import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { PresentationOverridesDeps } from '../../core-modules/presentation-overrides/presentation-overrides-deps.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage, sessionsByRole } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { referenceSelection } from '../support/reference-selection.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const MINUTE = 60_000;

/** Quick present through the API, as the reference's console starts it and its players follow it. */
describe('quick present', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let bar: PairedScreen;
  let own: string;
  let deck: { id: string; assetId: string };
  let group: string;

  const api = (method: string, path: string, body?: unknown, as = owner) => consoleCall(k, as, method, path, body);
  const manifest = async (s: PairedScreen) => (await playerCall(k, s.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const playlist = async (name: string) => {
    const created = (await api('POST', '/api/v1/playlists', { name: `${name} ${randomUUID().slice(0, 4)}` })).body.data;
    const image = await seedImage(k, name);
    expect((await api('POST', `/api/v1/playlists/${created.id}/items`, { assetId: image.id, durationMs: 5000 })).status).to.equal(201);
    await publishPlaylist(k, owner, created.id);
    return { id: created.id as string, assetId: image.id };
  };
  const present = (body: Record<string, unknown>) =>
    api('POST', '/api/v1/presentation-overrides', {
      targetType: 'screen',
      targetId: lobby.screenId,
      contentType: 'playlist',
      contentId: deck.id,
      durationMinutes: 15,
      afterAction: 'resume',
      wakeDisplay: true,
      ...body,
    });
  const presented = async (body: Record<string, unknown>) => {
    const res = await present(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const stop = (id: string) => api('POST', `/api/v1/presentation-overrides/${id}/stop`, { reason: 'Meeting over' });
  const selected = async (s: PairedScreen) => referenceSelection(await manifest(s), Date.now());
  const winner = async (s: PairedScreen) => (await api('POST', '/api/v1/schedules/preview', { screenId: s.screenId })).body.data.winningPlaylistId;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    [lobby, bar] = [await pairScreen(k, owner, { name: 'Lobby' }), await pairScreen(k, owner, { name: 'Bar' })];
    own = (await playlist('Own')).id;
    for (const s of [lobby, bar]) expect((await api('PUT', `/api/v1/screens/${s.screenId}/playlist-assignment`, { playlistId: own })).status).to.equal(200);
    deck = await playlist('Deck');
    group = (await api('POST', '/api/v1/screen-groups', { name: 'Bar area' })).body.data.id;
    expect((await api('POST', `/api/v1/screen-groups/${group}/screens`, { screenId: bar.screenId })).status).to.be.oneOf([200, 201, 204]);
  });
  beforeEach(() => resetRateLimits(k));
  afterEach(async () => {
    for (const o of (await api('GET', '/api/v1/presentation-overrides')).body.data.items) await stop(o.id);
    for (const t of (await api('GET', '/api/v1/takeovers')).body.data.items)
      if (t.status === 'active') await api('POST', `/api/v1/takeovers/${t.id}/cancel`, {});
  });
  after(() => k?.stop());

  it('presents a playlist on a screen above its own, and stops it', async () => {
    const socket = await openPlayerSocket(k, lobby.credential);
    await socket.next('server.hello');
    const o = await presented({});
    expect(o).to.include({
      targetType: 'screen',
      targetId: lobby.screenId,
      targetName: 'Lobby',
      contentType: 'playlist',
      contentId: deck.id,
      durationSeconds: 900,
      afterAction: 'resume',
      wakeDisplay: true,
    });
    expect(Date.parse(o.expiresAt) - Date.parse(o.startedAt)).to.equal(15 * MINUTE);
    expect(o.contentName).to.match(/^Deck/);
    await socket.next('manifest.changed');
    socket.ws.close();
    const m = await manifest(lobby);
    expect(m.presentationOverride).to.deep.equal({
      id: o.id,
      contentType: 'playlist',
      contentId: deck.id,
      contentName: o.contentName,
      startedAt: o.startedAt,
      expiresAt: o.expiresAt,
      playlistId: deck.id,
      wakeDisplay: true,
    });
    expect(m.playlist.id, 'the fallback stays').to.equal(own);
    expect(m.assets.map((a: { assetId: string }) => a.assetId)).to.include(deck.assetId);
    expect(androidManifestProblems(m, lobby.screenId)).to.deep.equal([]);
    expect(await selected(lobby)).to.include({ source: 'quick_present', playlistId: deck.id });
    expect(await winner(lobby)).to.equal(deck.id);
    expect((await api('GET', '/api/v1/presentation-overrides')).body.data.items.map((x: { id: string }) => x.id)).to.deep.equal([o.id]);

    const stopped = await stop(o.id);
    expect(stopped.status).to.equal(200);
    expect(stopped.body.data).to.include({ id: o.id, stopReason: 'Meeting over' });
    const back = await eventually(
      () => manifest(lobby),
      (x) => !x.presentationOverride,
    );
    expect(referenceSelection(back, Date.now())).to.include({ source: 'direct', playlistId: own });
    expect(errorOf(await stop(o.id)), 'already stopped').to.deep.equal([404, 'presentation_not_found']);
    expect((await api('GET', '/api/v1/presentation-overrides')).body.data.total).to.equal(0);
  });

  it('presents a single asset as a one-item playlist, on a group’s members, until stopped', async () => {
    const slide = await seedImage(k, 'Slide');
    const o = await presented({ targetType: 'group', targetId: group, contentType: 'asset', contentId: slide.id, durationMinutes: 0 });
    expect(o).to.include({ targetName: 'Bar area', durationSeconds: 0 });
    expect(o).to.not.have.property('expiresAt');
    const m = await manifest(bar);
    expect(m.presentationOverride).to.include({ contentType: 'asset', contentId: slide.id, contentName: 'Slide', playlistId: slide.id });
    expect(m.presentationOverride).to.not.have.property('expiresAt');
    const played = m.playlists.find((p: { id: string }) => p.id === slide.id);
    expect(played.items).to.have.length(1);
    expect(played.items[0]).to.include({ assetId: slide.id, assetType: 'image', durationMs: 10_000 });
    expect(m.assets.map((a: { assetId: string }) => a.assetId)).to.include(slide.id);
    expect(androidManifestProblems(m, bar.screenId)).to.deep.equal([]);
    expect(await selected(bar)).to.include({ source: 'quick_present', playlistId: slide.id });
    const preview = (await api('POST', '/api/v1/schedules/preview', { screenId: bar.screenId })).body.data;
    expect(preview).to.include({ winningPlaylistId: slide.id, directFallbackPlaylistId: own });
    expect((await manifest(lobby)).presentationOverride, 'not on screens outside the group').to.equal(undefined);
  });

  it('presents a published layout', async () => {
    const image = await seedImage(k, 'Board');
    const layout = (await api('POST', '/api/v1/layouts', { name: 'Board', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 })).body.data;
    const placements = [
      {
        id: randomUUID(),
        name: 'Zone',
        x: 0,
        y: 0,
        width: 640,
        height: 360,
        layer: 1,
        opacity: 1,
        visible: true,
        locked: false,
        type: 'asset',
        assetId: image.id,
      },
    ];
    expect((await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: 1, document: { ...layout.draft, placements } })).status).to.equal(
      200,
    );
    expect((await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 })).status).to.be.oneOf([200, 201]);
    const o = await presented({ contentType: 'layout', contentId: layout.id, durationMinutes: 30 });
    const m = await manifest(lobby);
    expect(m.presentationOverride).to.include({ id: o.id, contentType: 'layout', layoutId: layout.id });
    expect(m.presentationOverride).to.not.have.property('playlistId');
    expect(m.layouts.map((l: { id: string }) => l.id)).to.include(layout.id);
    expect(m.playlist.id).to.equal(own);
    expect(m.assets.map((a: { assetId: string }) => a.assetId)).to.include(image.id);
    expect(androidManifestProblems(m, lobby.screenId)).to.deep.equal([]);
  });

  it('refuses a second session or one under a takeover with 409, and unknown targets and content', async () => {
    const first = await presented({ targetType: 'group', targetId: group });
    expect(errorOf(await present({ targetId: bar.screenId })), 'the group’s session holds its member').to.deep.equal([409, 'presentation_conflict']);
    await stop(first.id);
    const takeover = await api('POST', '/api/v1/takeovers', {
      name: 'Drill',
      playlistId: deck.id,
      screenIds: [lobby.screenId],
      expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
    });
    expect(takeover.status).to.equal(201);
    expect(errorOf(await present({}))).to.deep.equal([409, 'presentation_conflict']);
    expect(errorOf(await present({ targetId: randomUUID() }))).to.deep.equal([404, 'presentation_target_not_found']);
    expect(errorOf(await present({ targetType: 'group', targetId: randomUUID() }))).to.deep.equal([404, 'presentation_target_not_found']);
    expect(errorOf(await present({ targetId: bar.screenId, contentId: randomUUID() }))).to.deep.equal([404, 'playlist_not_found']);
    expect(errorOf(await present({ targetId: bar.screenId, contentType: 'asset', contentId: randomUUID() }))).to.deep.equal([422, 'asset_not_found']);
    expect((await present({ targetId: bar.screenId, durationMinutes: 10 })).status).to.equal(422);
    expect((await present({ targetId: bar.screenId, afterAction: 'stay' })).status).to.equal(422);
    const { editor } = await sessionsByRole(k, owner, ['editor']);
    expect(
      errorOf(
        await api(
          'POST',
          '/api/v1/presentation-overrides',
          { targetType: 'screen', targetId: bar.screenId, contentType: 'playlist', contentId: deck.id, durationMinutes: 5 },
          editor,
        ),
      ),
    ).to.deep.equal([403, 'insufficient_role']);
    expect((await api('GET', '/api/v1/presentation-overrides')).body.data.total, 'nothing refused was kept').to.equal(0);
  });

  it('plays under a takeover that starts later, and comes back when it ends', async () => {
    const o = await presented({});
    const alarm = await playlist('Alarm');
    const takeover = (
      await api('POST', '/api/v1/takeovers', {
        name: 'Fire',
        playlistId: alarm.id,
        screenIds: [lobby.screenId],
        expiresAt: new Date(Date.now() + 10 * MINUTE).toISOString(),
      })
    ).body.data;
    expect(await selected(lobby)).to.include({ source: 'takeover', playlistId: alarm.id });
    expect(await winner(lobby)).to.equal(alarm.id);
    await api('POST', `/api/v1/takeovers/${takeover.id}/cancel`, {});
    const m = await eventually(
      () => manifest(lobby),
      (x) => !x.takeover,
    );
    expect(m.presentationOverride.id).to.equal(o.id);
    expect(referenceSelection(m, Date.now())).to.include({ source: 'quick_present', playlistId: deck.id });
  });

  it('ends after its five minutes by the minute job, once', async () => {
    const o = await presented({ durationMinutes: 5 });
    expect(Date.parse(o.expiresAt) - Date.parse(o.startedAt)).to.equal(5 * MINUTE);
    // The players see the expiry in the manifest and return by themselves.
    expect(referenceSelection(await manifest(lobby), Date.parse(o.expiresAt))).to.include({ source: 'direct', playlistId: own });
    await k
      .db('presentation_overrides')
      .where({ id: o.id })
      .update({ started_at: new Date(Date.now() - 6 * MINUTE), expires_at: new Date(Date.now() - MINUTE) });
    const service = (k.containerOf('presentation-overrides').cradle as PresentationOverridesDeps).presentationOverridesService;
    const [one, two] = await Promise.all([service.expireDue(), service.expireDue()]);
    expect(one + two).to.equal(1);
    const m = await eventually(
      () => manifest(lobby),
      (x) => !x.presentationOverride,
    );
    expect(referenceSelection(m, Date.now())).to.include({ source: 'direct', playlistId: own });
    const row = await k.db('presentation_overrides').where({ id: o.id }).first();
    expect(row.stop_reason).to.equal('Expired');
    const audit = await k.db('audit_log').where({ resource_id: o.id }).select('action');
    expect(audit.map((a) => a.action).sort()).to.deep.equal(['presentation_override.expired', 'presentation_override.started']);
  });

  it('ends a session whose group was deleted meanwhile, without holding up the others', async () => {
    const temporary = (await api('POST', '/api/v1/screen-groups', { name: 'Pop-up' })).body.data.id;
    expect((await api('POST', `/api/v1/screen-groups/${temporary}/screens`, { screenId: lobby.screenId })).status).to.be.oneOf([200, 201, 204]);
    const onGroup = await presented({ targetType: 'group', targetId: temporary, durationMinutes: 5 });
    const onBar = await presented({ targetId: bar.screenId, durationMinutes: 5 });
    expect((await api('DELETE', `/api/v1/screen-groups/${temporary}`)).status).to.equal(204);
    await k
      .db('presentation_overrides')
      .whereIn('id', [onGroup.id, onBar.id])
      .update({ started_at: new Date(Date.now() - 6 * MINUTE), expires_at: new Date(Date.now() - MINUTE) });
    const service = (k.containerOf('presentation-overrides').cradle as PresentationOverridesDeps).presentationOverridesService;
    expect(await service.expireDue()).to.equal(2);
    await eventually(
      () => manifest(bar),
      (x) => !x.presentationOverride,
    );
    expect((await api('GET', '/api/v1/presentation-overrides')).body.data.items).to.deep.equal([]);
  });
});
