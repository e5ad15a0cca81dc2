import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { ScreenTargets } from '../../core-modules/screens/screens.api.js';
import type { ScreensDeps } from '../../core-modules/screens/screens-deps.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, seedImage, sessionsByRole, sha256 } from '../support/library-assets.js';
import { frameOf, makeQuadrantsMp4 } from '../support/media-files.js';
import { eventually } from '../support/wait.js';
import { bearer, openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { publishPlaylist } from '../support/publish-playlist.js';

describe('screen groups', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let viewer: ConsoleSession;
  let lobby: PairedScreen;
  let bar: PairedScreen;

  const api = (method: string, path: string, body?: unknown, by = owner) => consoleCall(k, by, method, path, body);
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const createGroup = async (name = `group ${randomUUID().slice(0, 6)}`) => {
    const res = await api('POST', '/api/v1/screen-groups', { name });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body.data;
  };
  const playlistWithImage = async () => {
    const playlist = (await api('POST', '/api/v1/playlists', { name: `list ${randomUUID().slice(0, 6)}` })).body.data;
    const image = await seedImage(k);
    const added = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: image.id, durationMs: 5000 });
    expect(added.status, JSON.stringify(added.body)).to.equal(201);
    await publishPlaylist(k, owner, playlist.id);
    return { playlist, image };
  };
  const manifestOf = async (screen: PairedScreen) => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    ({ viewer } = await sessionsByRole(k, owner, ['viewer']));
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    bar = await pairScreen(k, owner, { name: 'Bar' });
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('creates, lists, reads, renames and deletes groups; readers may read, only administrators change', async () => {
    const group = await createGroup('Ground floor');
    expect(group).to.deep.include({ name: 'Ground floor', description: '', displayMode: 'mirror', membershipCount: 0, screens: [] });
    expect(group).to.not.have.property('playlistId');
    const listed = await api('GET', '/api/v1/screen-groups?pageSize=100', undefined, viewer);
    expect(listed.status).to.equal(200);
    expect(listed.body.data.items.map((g: any) => g.id)).to.include(group.id);
    expect(listed.body.data).to.deep.include({ page: 1, pageSize: 100 });
    const renamed = await api('PATCH', `/api/v1/screen-groups/${group.id}`, { name: 'Floor 0', description: 'Entrance' });
    expect(renamed.body.data).to.deep.include({ name: 'Floor 0', description: 'Entrance' });
    expect(errorOf(await api('POST', '/api/v1/screen-groups', { name: 'Nope' }, viewer))[0]).to.equal(403);
    expect(errorOf(await api('DELETE', `/api/v1/screen-groups/${group.id}`, undefined, viewer))[0]).to.equal(403);
    expect((await api('DELETE', `/api/v1/screen-groups/${group.id}`)).status).to.equal(204);
    expect(errorOf(await api('GET', `/api/v1/screen-groups/${group.id}`))).to.deep.equal([404, 'schedule_not_found']);
    expect(errorOf(await api('PATCH', `/api/v1/screen-groups/${group.id}`, { name: 'x' }))).to.deep.equal([404, 'schedule_not_found']);
  });

  it('refuses bad input and changes nothing', async () => {
    const group = await createGroup('Untouched');
    for (const body of [{ name: '' }, { name: 'x'.repeat(181) }, { name: 'ok', description: 'x'.repeat(2001) }, { name: 'bad\u0000text' }]) {
      const res = await api('PATCH', `/api/v1/screen-groups/${group.id}`, body);
      expect(res.status, JSON.stringify(body)).to.be.within(400, 499);
      expect(res.body.error.code).to.be.a('string');
    }
    expect(errorOf(await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: 'not-a-uuid' }))[0]).to.be.within(400, 499);
    expect(errorOf(await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: randomUUID() }))).to.deep.equal([404, 'screen_not_found']);
    expect(errorOf(await api('PUT', `/api/v1/screen-groups/${group.id}/playlist-assignment`, { playlistId: randomUUID() }))).to.deep.equal([
      404,
      'playlist_not_found',
    ]);
    expect((await api('GET', `/api/v1/screen-groups/${group.id}`)).body.data).to.deep.include({ name: 'Untouched', description: '', membershipCount: 0 });
    await api('DELETE', `/api/v1/screen-groups/${group.id}`);
  });

  it('holds a screen in one group only, and lists its members with where they are', async () => {
    const first = await createGroup();
    const second = await createGroup();
    const added = await api('POST', `/api/v1/screen-groups/${first.id}/screens`, { screenId: lobby.screenId });
    expect(added.status).to.equal(200);
    expect(added.body.data.screens).to.deep.equal([{ id: lobby.screenId, name: 'Lobby', location: '' }]);
    expect(added.body.data.membershipCount).to.equal(1);
    expect((await api('POST', `/api/v1/screen-groups/${first.id}/screens`, { screenId: lobby.screenId })).status, 'again: no change').to.equal(200);
    expect(errorOf(await api('POST', `/api/v1/screen-groups/${second.id}/screens`, { screenId: lobby.screenId }))).to.deep.equal([409, 'schedule_conflict']);
    expect(errorOf(await api('DELETE', `/api/v1/screen-groups/${second.id}/screens/${lobby.screenId}`))).to.deep.equal([404, 'schedule_not_found']);
    // Plugin targets by group now reach the members.
    const targets = k.containerOf('screens').resolve<ScreenTargets>('screenTargets');
    expect(await targets.screensOf({ targetScope: 'sync_groups', targetIds: [first.id] })).to.deep.equal([lobby.screenId]);
    expect(await targets.problems({ targetScope: 'sync_groups', targetIds: [second.id, randomUUID()] })).to.have.length(1);
    expect((await api('DELETE', `/api/v1/screen-groups/${first.id}/screens/${lobby.screenId}`)).status).to.equal(204);
    expect((await api('GET', `/api/v1/screen-groups/${first.id}`)).body.data.screens).to.deep.equal([]);
    await api('DELETE', `/api/v1/screen-groups/${first.id}`);
    await api('DELETE', `/api/v1/screen-groups/${second.id}`);
  });

  it('lists by a part of the name, as the console searches', async () => {
    const tag = randomUUID().slice(0, 8);
    const north = await createGroup(`North_${tag} wing`);
    const south = await createGroup(`South ${tag}`);
    const names = async (search: string) =>
      (await api('GET', `/api/v1/screen-groups?page=1&pageSize=100&search=${encodeURIComponent(search)}`, undefined, viewer)).body.data.items.map(
        (g: any) => g.name,
      );
    expect(await names(`north_${tag}`)).to.deep.equal([north.name]);
    expect(await names(` ${tag} `), 'trimmed').to.have.members([north.name, south.name]);
    expect(await names(`%${tag}`), 'a percent sign is no wildcard').to.deep.equal([]);
    expect(await names('')).to.include.members([north.name, south.name]);
    // By name by default; the last changed first, or the oldest first, when asked.
    await api('PATCH', `/api/v1/screen-groups/${north.id}`, { name: north.name, description: 'touched' });
    const sorted = async (sort: string) =>
      (await api('GET', `/api/v1/screen-groups?search=${tag}&sort=${sort}`, undefined, viewer)).body.data.items.map((g: any) => g.id);
    expect(await sorted('name')).to.deep.equal([north.id, south.id]);
    expect(await sorted('updated')).to.deep.equal([north.id, south.id]);
    expect(await sorted('oldest')).to.deep.equal([north.id, south.id]);
    await api('PATCH', `/api/v1/screen-groups/${south.id}`, { name: south.name, description: 'touched later' });
    expect(await sorted('updated')).to.deep.equal([south.id, north.id]);
    expect((await api('GET', '/api/v1/screen-groups?sort=size', undefined, viewer)).status).to.equal(422);
    for (const g of [north, south]) await api('DELETE', `/api/v1/screen-groups/${g.id}`);
  });

  it('keeps a member as the preferred presentation gateway until it is cleared or leaves', async () => {
    const group = await createGroup();
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: lobby.screenId });
    const patch = (body: Record<string, unknown>) => api('PATCH', `/api/v1/screen-groups/${group.id}`, { name: group.name, description: '', ...body });
    expect(errorOf(await patch({ presentationGatewayScreenId: bar.screenId })), 'not a member').to.deep.equal([409, 'schedule_conflict']);
    expect((await patch({ presentationGatewayScreenId: lobby.screenId })).body.data.presentationGatewayScreenId).to.equal(lobby.screenId);
    expect((await patch({ description: 'renamed only' })).body.data.presentationGatewayScreenId, 'kept').to.equal(lobby.screenId);
    expect((await patch({ clearPresentationGateway: true })).body.data).to.not.have.property('presentationGatewayScreenId');
    await patch({ presentationGatewayScreenId: lobby.screenId });
    await api('DELETE', `/api/v1/screen-groups/${group.id}/screens/${lobby.screenId}`);
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: lobby.screenId });
    expect((await api('GET', `/api/v1/screen-groups/${group.id}`)).body.data, 'left, so no longer preferred').to.not.have.property(
      'presentationGatewayScreenId',
    );
    await api('DELETE', `/api/v1/screen-groups/${group.id}`);
  });

  it('gives members without a playlist of their own the group’s, over their socket, and keeps it as theirs when they leave', async () => {
    const { playlist: groupList } = await playlistWithImage();
    const { playlist: ownList } = await playlistWithImage();
    const group = await createGroup();
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: lobby.screenId });
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: bar.screenId });
    expect((await api('PUT', `/api/v1/screens/${bar.screenId}/playlist-assignment`, { playlistId: ownList.id })).status).to.equal(200);
    const before = await manifestOf(lobby);
    const socket = await openPlayerSocket(k, lobby.credential);
    try {
      await socket.next('server.hello');
      const assigned = await api('PUT', `/api/v1/screen-groups/${group.id}/playlist-assignment`, { playlistId: groupList.id });
      expect(assigned.body.data).to.deep.include({ playlistId: groupList.id, playlistName: groupList.name, presentationType: 'playlist' });
      expect((await socket.next('manifest.changed')).manifestVersion).to.equal(before.manifestVersion + 1);
    } finally {
      socket.ws.close();
    }
    const lobbyManifest = await manifestOf(lobby);
    expect(lobbyManifest.playlist.id).to.equal(groupList.id);
    expect(lobbyManifest.assets).to.have.length(1);
    expect((await manifestOf(bar)).playlist.id, 'its own assignment wins').to.equal(ownList.id);

    expect((await api('DELETE', `/api/v1/screen-groups/${group.id}/screens/${lobby.screenId}`)).status).to.equal(204);
    expect((await api('GET', `/api/v1/screens/${lobby.screenId}/playlist-assignment`)).body.data.playlistId).to.equal(groupList.id);
    expect((await manifestOf(lobby)).playlist.id).to.equal(groupList.id);

    const unassigned = await api('DELETE', `/api/v1/screen-groups/${group.id}/playlist-assignment`);
    expect(unassigned.body.data).to.not.have.property('playlistId');
    await api('DELETE', `/api/v1/screen-groups/${group.id}`);
    await api('DELETE', `/api/v1/screens/${lobby.screenId}/playlist-assignment`);
    await api('DELETE', `/api/v1/screens/${bar.screenId}/playlist-assignment`);
  });

  it('keeps a playlist a group plays from being deleted (409 naming the group)', async () => {
    const { playlist } = await playlistWithImage();
    const group = await createGroup('Café wall');
    await api('PUT', `/api/v1/screen-groups/${group.id}/playlist-assignment`, { playlistId: playlist.id });
    const refused = await api('DELETE', `/api/v1/playlists/${playlist.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'playlist_conflict']);
    expect(refused.body.error.message).to.contain('Café wall');
    expect((await api('GET', `/api/v1/playlists/${playlist.id}`)).status).to.equal(200);
    await api('DELETE', `/api/v1/screen-groups/${group.id}/playlist-assignment`);
    expect((await api('DELETE', `/api/v1/playlists/${playlist.id}`)).status).to.equal(204);
    await api('DELETE', `/api/v1/screen-groups/${group.id}`);
  });

  it('leaves the group’s playlist to its members when the group is deleted', async () => {
    const { playlist } = await playlistWithImage();
    const group = await createGroup();
    await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: bar.screenId });
    await api('PUT', `/api/v1/screen-groups/${group.id}/playlist-assignment`, { playlistId: playlist.id });
    expect((await api('DELETE', `/api/v1/screen-groups/${group.id}`)).status).to.equal(204);
    expect((await api('GET', `/api/v1/screens/${bar.screenId}/playlist-assignment`)).body.data.playlistId).to.equal(playlist.id);
    await api('DELETE', `/api/v1/screens/${bar.screenId}/playlist-assignment`);
  });
  describe('display control', () => {
    // What the Linux player reports of its display in each heartbeat.
    const reports = async (screen: PairedScreen, capabilities: Record<string, string>) => {
      const res = await playerCall(k, screen.credential, 'POST', '/api/v1/player/heartbeat', {
        displayControlProvider: 'ddc_ci',
        displayControlCapabilities: capabilities,
      });
      expect(res.status).to.equal(200);
      await (k.containerOf('screens').cradle as ScreensDeps).contactBuffer.flush();
    };
    const commandsOf = async (screen: PairedScreen) =>
      (await api('GET', `/api/v1/screens/${screen.screenId}/commands`)).body.data.items.map((c: any) => c.type);

    it('previews who can take a command and why not, queues it for the eligible, and refuses a stale preview', async () => {
      const group = await createGroup('Wall');
      await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: lobby.screenId });
      await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: bar.screenId });
      await reports(lobby, { power: 'ddc_ci', mute: 'unsupported' });
      await reports(bar, { mute: 'hdmi_cec' });

      const preview = (await api('GET', `/api/v1/screen-groups/${group.id}/display-control/preview?commandType=display_power_off`)).body.data;
      expect(preview).to.deep.include({ groupName: 'Wall', selectedCount: 2, supportedCount: 1, unsupportedCount: 1, eligibleCount: 1 });
      expect(preview.fingerprint).to.match(/^[0-9a-f]{64}$/);
      const [barRow, lobbyRow] = preview.screens;
      expect(lobbyRow).to.deep.include({ screenId: lobby.screenId, provider: 'ddc_ci', supported: true, eligible: true });
      expect(barRow).to.deep.include({ screenId: bar.screenId, supported: false, eligible: false, reason: 'The player does not report power control.' });

      const applied = await api('POST', `/api/v1/screen-groups/${group.id}/display-control`, {
        commandType: 'display_power_off',
        fingerprint: preview.fingerprint,
      });
      expect(applied.status, JSON.stringify(applied.body)).to.equal(202);
      expect(applied.body.data).to.deep.include({ queuedCount: 1, failedCount: 0 });
      expect(applied.body.data.results.map((r: any) => [r.screenId, r.state])).to.deep.equal([
        [bar.screenId, 'skipped'],
        [lobby.screenId, 'queued'],
      ]);
      expect(await commandsOf(lobby)).to.include('display_power_off');
      expect(await commandsOf(bar)).to.not.include('display_power_off');

      // The bar's player now reports power control: the old preview no longer holds.
      await reports(bar, { power: 'hdmi_cec' });
      const stale = await api('POST', `/api/v1/screen-groups/${group.id}/display-control`, {
        commandType: 'display_power_off',
        fingerprint: preview.fingerprint,
      });
      expect(errorOf(stale)).to.deep.equal([409, 'display_control_preview_stale']);
      expect(await commandsOf(bar)).to.not.include('display_power_off');
      expect((await api('GET', `/api/v1/screen-groups/${group.id}/display-control/preview?commandType=display_reboot`)).status).to.be.within(400, 499);
      expect(errorOf(await api('GET', `/api/v1/screen-groups/${randomUUID()}/display-control/preview?commandType=display_mute`))).to.deep.equal([
        404,
        'schedule_not_found',
      ]);
      await api('DELETE', `/api/v1/screen-groups/${group.id}`);
    });
  });
  describe('video walls', () => {
    it('makes a group a wall: each member gets the canvas and its panel, every member the sync group; mirror takes them away', async () => {
      const group = await createGroup('Lobby wall');
      await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: lobby.screenId });
      await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: bar.screenId });
      const mirror = await manifestOf(lobby);
      expect(mirror.syncGroup.id).to.equal(group.id);
      expect(mirror).to.not.have.property('canvas');
      expect((await api('GET', `/api/v1/screen-groups/${group.id}/span`)).body.data).to.deep.equal({
        groupId: group.id,
        displayMode: 'mirror',
        preparations: [],
      });

      const left = { screenId: lobby.screenId, order: 0, x: 0, y: 0, width: 1920, height: 1080, rotation: 0, bezelRight: 10 };
      const right = { screenId: bar.screenId, order: 1, x: 1920, y: 0, width: 1920, height: 1080, rotation: 0, bezelLeft: 10 };
      const canvas = { width: 3840, height: 1080 };
      for (const [panels, why] of [
        [[left], 'a member without a panel'],
        [[left, { ...right, screenId: randomUUID() }], 'a panel for a stranger'],
        [[left, { ...right, x: 1900 }], 'overlapping panels'],
        [[left, { ...right, order: 0 }], 'a repeated order'],
      ] as const) {
        expect(errorOf(await api('PUT', `/api/v1/screen-groups/${group.id}/span`, { displayMode: 'span', canvas, panels })), why).to.deep.equal([
          422,
          'span_validation_failed',
        ]);
      }
      expect(
        (await api('PUT', `/api/v1/screen-groups/${group.id}/span`, { displayMode: 'span', canvas: { width: 100, height: 1080 }, panels: [left, right] }))
          .status,
      ).to.be.within(400, 499);
      expect((await api('GET', `/api/v1/screen-groups/${group.id}/span`)).body.data.displayMode, 'nothing changed').to.equal('mirror');

      const wall = await api('PUT', `/api/v1/screen-groups/${group.id}/span`, { displayMode: 'span', canvas, panels: [left, right] });
      expect(wall.status, JSON.stringify(wall.body)).to.equal(200);
      expect(wall.body.data.geometry.canvas).to.deep.equal(canvas);
      expect(wall.body.data.geometry.panels.map((p: any) => [p.screenName, p.x])).to.deep.equal([
        ['Lobby', 0],
        ['Bar', 1920],
      ]);
      const lobbyWall = await manifestOf(lobby);
      const barWall = await manifestOf(bar);
      expect(lobbyWall.canvas).to.deep.equal(canvas);
      expect(lobbyWall.viewport).to.deep.equal({
        x: 0,
        y: 0,
        width: 1920,
        height: 1080,
        rotation: 0,
        order: 0,
        bezelLeft: 0,
        bezelTop: 0,
        bezelRight: 10,
        bezelBottom: 0,
      });
      expect(barWall.viewport).to.include({ x: 1920, order: 1, bezelLeft: 10 });
      expect(barWall.syncGroup).to.deep.equal(lobbyWall.syncGroup);
      expect(Date.parse(lobbyWall.syncGroup.playbackEpoch)).to.be.at.least(Date.parse(mirror.syncGroup.playbackEpoch));

      await api('PUT', `/api/v1/screen-groups/${group.id}/span`, { displayMode: 'mirror' });
      const back = await manifestOf(lobby);
      expect(back).to.not.have.property('viewport');
      expect(back.syncGroup.id).to.equal(group.id);
      await api('DELETE', `/api/v1/screen-groups/${group.id}`);
      expect(await manifestOf(lobby), 'no group, no sync group').to.not.have.property('syncGroup');
    });

    it('plays each video as one file per panel: the right crop on every screen, its own only, once all are ready', async function () {
      this.timeout(120_000);
      const screens = [lobby, bar, await pairScreen(k, owner, { name: 'Cafe' }), await pairScreen(k, owner, { name: 'Door' })];
      const group = await createGroup('Quad wall');
      for (const s of screens) await api('POST', `/api/v1/screen-groups/${group.id}/screens`, { screenId: s.screenId });
      const { playlist, image } = await playlistWithImage();
      const video = await seedAsset(k, { type: 'video', bytes: await makeQuadrantsMp4(1, 320, 180), thumbnail: false });
      expect((await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: video.id })).status).to.equal(201);
      await publishPlaylist(k, owner, playlist.id);
      expect((await api('PUT', `/api/v1/screen-groups/${group.id}/playlist-assignment`, { playlistId: playlist.id })).status).to.equal(200);
      const before = await manifestOf(lobby);
      expect(
        before.assets.map((a: any) => a.assetId),
        'a mirror plays the video whole',
      ).to.include(video.id);

      // 2 × 2 over a 640 × 360 canvas: each panel is one quadrant of the picture; the door's is mounted a quarter turn.
      const at = (i: number) => ({ x: (i % 2) * 320, y: Math.floor(i / 2) * 180, width: 320, height: 180 });
      const panels = screens.map((s, i) => ({ screenId: s.screenId, order: i, ...at(i), rotation: i === 3 ? 90 : 0 }));
      const saved = await api('PUT', `/api/v1/screen-groups/${group.id}/span`, { displayMode: 'span', canvas: { width: 640, height: 360 }, panels });
      expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
      const preparing = await manifestOf(lobby);
      expect(
        preparing.assets.map((a: any) => a.assetId),
        'never the uncut picture on a panel',
      ).to.deep.equal([image.id]);
      expect(preparing.playlist.items.map((i: any) => i.assetId)).to.deep.equal([image.id]);

      const span = () => api('GET', `/api/v1/screen-groups/${group.id}/span`).then((r) => r.body.data);
      const ready = await eventually(span, (d) => d.preparations.length === 4 && d.preparations.every((p: any) => p.status === 'ready'), 90_000, 200);
      expect(new Set(ready.preparations.map((p: any) => p.screenId))).to.deep.equal(new Set(screens.map((s) => s.screenId)));
      expect(ready.preparations[0]).to.include({ sourceAssetId: video.id, progress: 1 });

      const expected: [string, [number, number, number]][] = [
        ['Lobby', [255, 0, 0]],
        ['Bar', [0, 255, 0]],
        ['Cafe', [0, 0, 255]],
        ['Door', [255, 255, 255]],
      ];
      const fileIds: string[] = [];
      for (const [i, s] of screens.entries()) {
        const manifest = await eventually(
          () => manifestOf(s),
          (m) => m.assets.some((a: any) => a.assetId === video.id),
        );
        const file = manifest.assets.find((a: any) => a.assetId === video.id);
        expect(file.downloadPath).to.equal(`/api/v1/player/span-panels/${file.variantId}`);
        expect(manifest.playlist.items.find((item: any) => item.assetId === video.id).variantId).to.equal(file.variantId);
        fileIds.push(file.variantId);
        const res = await k.request(file.downloadPath, { headers: bearer(s.credential) });
        expect(res.status).to.equal(200);
        expect(res.headers.get('etag')).to.equal(`"${file.sha256}"`);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(bytes.length).to.equal(file.fileSize);
        expect(sha256(bytes)).to.equal(file.sha256);
        const frame = await frameOf(bytes);
        const close = (got: number[], want: number[]) => got.every((v, c) => Math.abs(v - want[c]!) < 40);
        const [name, color] = expected[i]!;
        if (i < 3) {
          expect([frame.width, frame.height], name).to.deep.equal([320, 180]);
          expect(close(frame.pixel(240, 120), color), `${name} shows its quadrant: ${frame.pixel(240, 120)}`).to.equal(true);
          expect(close(frame.pixel(20, 20), [0, 0, 0]), `${name}: the mark stays top left`).to.equal(true);
        } else {
          // Turned clockwise: 180 × 320, and the quadrant's top-left mark is now top right.
          expect([frame.width, frame.height], name).to.deep.equal([180, 320]);
          expect(close(frame.pixel(90, 240), color), `${name} shows its quadrant`).to.equal(true);
          expect(close(frame.pixel(170, 20), [0, 0, 0]), `${name}: the mark turned top right`).to.equal(true);
          expect(close(frame.pixel(10, 20), color), `${name}: nothing left of the mark`).to.equal(true);
        }
      }
      const part = await k.request(`/api/v1/player/span-panels/${fileIds[0]}`, { headers: { ...bearer(lobby.credential), range: 'bytes=0-99' } });
      expect([part.status, (await part.arrayBuffer()).byteLength]).to.deep.equal([206, 100]);
      const head = await k.request(`/api/v1/player/span-panels/${fileIds[0]}`, { method: 'HEAD', headers: bearer(lobby.credential) });
      expect([head.status, head.headers.get('content-type')]).to.deep.equal([200, 'video/mp4']);
      const other = await playerCall(k, lobby.credential, 'GET', `/api/v1/player/span-panels/${fileIds[1]}`);
      expect(errorOf(other), 'another screen’s panel').to.deep.equal([404, 'span_not_found']);
      expect(errorOf(await playerCall(k, lobby.credential, 'GET', `/api/v1/player/span-panels/${randomUUID()}`))).to.deep.equal([404, 'span_not_found']);

      // A video that cannot be cut (a damaged file): its files fail, it never plays on the wall, the
      // others play on; saving the wall again tries it again.
      const damaged = await seedAsset(k, { type: 'video', thumbnail: false });
      expect((await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: damaged.id })).status).to.equal(201);
      await publishPlaylist(k, owner, playlist.id);
      const failedOf = (d: any) => d.preparations.filter((p: any) => p.sourceAssetId === damaged.id);
      const failed = await eventually(span, (d) => failedOf(d).length === 4 && failedOf(d).every((p: any) => p.status === 'failed'), 60_000, 200);
      expect(failedOf(failed)[0]).to.include({ errorCode: 'span_panel_failed' });
      expect(failedOf(failed)[0].errorMessage).to.be.a('string').and.not.equal('');
      const lobbyFailed = failedOf(failed).find((p: any) => p.screenId === lobby.screenId);
      expect(errorOf(await playerCall(k, lobby.credential, 'GET', `/api/v1/player/span-panels/${lobbyFailed.id}`))).to.deep.equal([409, 'span_not_ready']);
      const playing = await manifestOf(lobby);
      expect(playing.assets.map((a: any) => a.assetId))
        .to.include(video.id)
        .and.not.include(damaged.id);
      expect(playing.playlist.items.map((i: any) => i.assetId)).to.deep.equal([image.id, video.id]);
      await api('PUT', `/api/v1/screen-groups/${group.id}/span`, { displayMode: 'span', canvas: { width: 640, height: 360 }, panels });
      await eventually(
        span,
        (d) => failedOf(d).every((p: any) => p.status === 'failed' && Date.parse(p.updatedAt) > Date.parse(lobbyFailed.updatedAt)),
        60_000,
        200,
      );

      // Mirror again: the files go with the wall, and the video plays whole.
      await api('PUT', `/api/v1/screen-groups/${group.id}/span`, { displayMode: 'mirror' });
      const mirrored = await manifestOf(lobby);
      expect(mirrored.assets.find((a: any) => a.assetId === video.id).downloadPath).to.match(/\/player\/assets\//);
      await eventually(
        () => k.db('screen_group_panel_files').where({ group_id: group.id }).count<{ count: string }[]>(),
        (rows) => Number(rows[0]!.count) === 0,
        10_000,
      );
      expect(errorOf(await playerCall(k, lobby.credential, 'GET', `/api/v1/player/span-panels/${fileIds[0]}`))).to.deep.equal([404, 'span_not_found']);
      await api('DELETE', `/api/v1/screen-groups/${group.id}`);
    });
  });
});
