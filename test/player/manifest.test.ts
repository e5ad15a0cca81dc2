import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { libraryDeps, seedAsset, sha256 } from '../support/library-assets.js';
import { bearer, openPlayerSocket, pairScreen, type PairedScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

describe('player manifest, downloads and config', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let lobby: PairedScreen;
  let kitchen: PairedScreen;
  let lobbyList: { id: string };
  let video: { id: string; bytes: Buffer };

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  /** A raw player request: status, headers, body bytes (and parsed JSON when it is JSON). */
  async function player(screen: PairedScreen, path: string, headers: Record<string, string> = {}, method = 'GET') {
    const res = await k.request(path, { method, headers: { ...bearer(screen.credential), ...headers } });
    const bytes = Buffer.from(await res.arrayBuffer());
    const json = res.headers.get('content-type')?.includes('json') && bytes.length ? JSON.parse(bytes.toString()) : undefined;
    return { status: res.status, headers: res.headers, bytes, json };
  }
  const manifestOf = async (screen: PairedScreen) => (await player(screen, '/api/v1/player/manifest')).json.data;

  async function playlistWith(assetIds: string[]) {
    const created = await api('POST', '/api/v1/playlists', { name: `list ${randomUUID().slice(0, 6)}` });
    for (const assetId of assetIds) {
      const added = await api('POST', `/api/v1/playlists/${created.body.data.id}/items`, { assetId, durationMs: 5000 });
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
    }
    await publishPlaylist(k, owner, created.body.data.id);
    return created.body.data as { id: string };
  }
  const assign = async (screen: PairedScreen, playlistId: string) =>
    expect((await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId })).status).to.equal(200);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    lobby = await pairScreen(k, owner, { name: 'Lobby' });
    kitchen = await pairScreen(k, owner, { name: 'Kitchen' });
    // Random bytes: an offset mistake in a range shows up as a hash mismatch.
    const bytes = randomBytes(200_000);
    video = { id: (await seedAsset(k, { type: 'video', name: 'Clip', bytes })).id, bytes };
    lobbyList = await playlistWith([video.id]);
    await assign(lobby, lobbyList.id);
    await assign(kitchen, (await playlistWith([(await seedAsset(k, { name: 'Menu' })).id])).id);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('serves the manifest with the assigned playlist, its asset and download path, and 304 on a matching ETag', async () => {
    const res = await player(lobby, '/api/v1/player/manifest');
    expect(res.status).to.equal(200);
    const m = res.json.data;
    expect(m).to.include({ schemaVersion: 11, screenId: lobby.screenId, mode: 'presentation', prefetchHorizonDays: 14, activationGraceSeconds: 30 });
    expect(m.manifestVersion).to.be.a('number').greaterThan(0);
    for (const section of ['schedules', 'websites', 'widgets', 'dataSources', 'plugins', 'layouts']) expect(m[section]).to.deep.equal([]);
    expect(m.playlist).to.include({ id: lobbyList.id });
    expect(m.playlists).to.have.length(1);
    expect(m.assets).to.have.length(1);
    const asset = m.assets[0];
    expect(asset).to.include({ assetId: video.id, mimeType: 'video/mp4', sha256: sha256(video.bytes), fileSize: video.bytes.length });
    expect(asset.downloadPath).to.equal(`/api/v1/player/assets/${video.id}/variants/${asset.variantId}`);
    expect(m.playlist.items[0]).to.include({ assetId: video.id, variantId: asset.variantId, assetType: 'video', durationMs: 5000 });

    const etag = res.headers.get('etag')!;
    // A player that reported no schema versions is served schema 11, whose ETag the reference names `manifest-…`.
    expect(m.schemaVersion).to.equal(11);
    expect(etag).to.match(/^"manifest-[0-9a-f]{64}"$/);
    expect(res.headers.get('cache-control')).to.equal('private, no-cache');
    const again = await player(lobby, '/api/v1/player/manifest', { 'if-none-match': etag });
    expect(again.status).to.equal(304);
    expect(again.bytes.length).to.equal(0);
    expect((await player(lobby, '/api/v1/player/manifest', { 'if-none-match': '"sha256-other"' })).status).to.equal(200);
    // Reading never moves the version.
    expect((await manifestOf(lobby)).manifestVersion).to.equal(m.manifestVersion);
  });

  it('pushes manifest.changed with the new version when an added item is published, and leaves other screens alone', async () => {
    const before = (await manifestOf(lobby)).manifestVersion;
    const kitchenBefore = (await manifestOf(kitchen)).manifestVersion;
    const lobbySocket = await openPlayerSocket(k, lobby.credential);
    const kitchenSocket = await openPlayerSocket(k, kitchen.credential);
    try {
      const extra = await seedAsset(k, { name: 'Poster' });
      expect((await api('POST', `/api/v1/playlists/${lobbyList.id}/items`, { assetId: extra.id, durationMs: 8000 })).status).to.equal(201);
      await publishPlaylist(k, owner, lobbyList.id);
      const pushed = await lobbySocket.next('manifest.changed');
      expect(pushed.manifestVersion).to.equal(before + 1);
      const after = await manifestOf(lobby);
      expect(after.manifestVersion).to.equal(before + 1);
      expect(after.assets.map((a: any) => a.assetId)).to.include(extra.id);

      expect((await manifestOf(kitchen)).manifestVersion).to.equal(kitchenBefore);
      expect(kitchenSocket.messages.filter((m) => m.type === 'manifest.changed')).to.deep.equal([]);
    } finally {
      lobbySocket.ws.close();
      kitchenSocket.ws.close();
    }
  });

  it('downloads a listed variant with Range, and the whole file matches the manifest checksum', async () => {
    const asset = (await manifestOf(lobby)).assets.find((a: any) => a.assetId === video.id);
    const part = await player(lobby, asset.downloadPath, { range: 'bytes=100-199' });
    expect(part.status).to.equal(206);
    expect(part.headers.get('content-range')).to.equal(`bytes 100-199/${video.bytes.length}`);
    expect(part.bytes.equals(video.bytes.subarray(100, 200))).to.equal(true);

    const whole = await player(lobby, asset.downloadPath);
    expect(whole.status).to.equal(200);
    expect(sha256(whole.bytes)).to.equal(asset.sha256);
    const etag = whole.headers.get('etag')!;
    expect((await player(lobby, asset.downloadPath, { 'if-none-match': etag })).status).to.equal(304);
    expect((await player(lobby, asset.downloadPath, { range: `bytes=${video.bytes.length + 10}-` })).status).to.equal(416);
    const head = await player(lobby, asset.downloadPath, {}, 'HEAD');
    expect(head.status).to.equal(200);
    expect(head.headers.get('content-length')).to.equal(String(video.bytes.length));
  });

  it('refuses a variant that is not in the screen’s current manifest', async () => {
    const elsewhere = await seedAsset(k, { name: 'Not assigned' });
    const [variant] = await libraryDeps(k).assetsRepository.variants(elsewhere.id);
    const res = await player(lobby, `/api/v1/player/assets/${elsewhere.id}/variants/${variant!.id}`);
    expect([res.status, res.json?.error?.code]).to.deep.equal([404, 'media_variant_unavailable']);
    // The kitchen's own asset is not the lobby's to fetch either.
    const kitchenAsset = (await manifestOf(kitchen)).assets[0];
    const cross = await player(lobby, kitchenAsset.downloadPath);
    expect([cross.status, cross.json?.error?.code]).to.deep.equal([404, 'media_variant_unavailable']);
  });

  it('serves the config with a stable revision and 304 on a matching ETag', async () => {
    const res = await player(lobby, '/api/v1/player/config');
    expect(res.status).to.equal(200);
    const c = res.json.data;
    expect(c).to.include({ schemaVersion: 1, configRevision: 1 });
    expect(c.updates).to.deep.equal({ channel: 'stable' });
    for (const section of ['playback', 'cache', 'sync']) expect(c[section]).to.be.an('object');
    expect(res.headers.get('etag')).to.equal(`"config-${lobby.screenId}-1"`);
    expect((await player(lobby, '/api/v1/player/config', { 'if-none-match': `"config-${lobby.screenId}-1"` })).status).to.equal(304);
    expect((await manifestOf(lobby)).screenId).to.equal(lobby.screenId);
    expect((await player(lobby, '/api/v1/player/config')).json.data.configRevision).to.equal(1);
  });

  it('moves the config revision past the one a player holds, as after a restore from an older backup, and believes no absurd one', async () => {
    const etagOf = (revision: number | string) => `"config-${lobby.screenId}-${revision}"`;
    const current = (await player(lobby, '/api/v1/player/config')).json.data.configRevision;
    // The Linux player ignores a config whose revision is below the one it holds.
    const ahead = await player(lobby, '/api/v1/player/config', { 'if-none-match': etagOf(current + 40) });
    expect(ahead.status).to.equal(200);
    expect(ahead.json.data.configRevision).to.equal(current + 41);
    expect(ahead.headers.get('etag')).to.equal(etagOf(current + 41));
    expect((await player(lobby, '/api/v1/player/config', { 'if-none-match': etagOf(current + 41) })).status).to.equal(304);
    for (const claim of [etagOf(2 ** 31), etagOf('1e9'), `"config-${kitchen.screenId}-${current + 90}"`]) {
      const res = await player(lobby, '/api/v1/player/config', { 'if-none-match': claim });
      expect([res.status, res.json.data.configRevision], claim).to.deep.equal([200, current + 41]);
    }
  });

  it('refuses a console session on the player routes', async () => {
    const asset = (await manifestOf(lobby)).assets[0];
    for (const path of ['/api/v1/player/manifest', '/api/v1/player/config', asset.downloadPath]) {
      const res = await k.request(path, { headers: { cookie: owner.cookie } });
      expect(res.status, path).to.equal(401);
    }
  });
});
