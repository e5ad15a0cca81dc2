import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { PROCESSING_JOBS } from '../../core-modules/media/processing/processing-job-names.js';
import { manifestEtag } from '../../core-modules/player/manifest-builder.js';
import type { PlayerDeps } from '../../core-modules/player/player-deps.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { libraryDeps, seedAsset } from '../support/library-assets.js';
import { bearer, openPlayerSocket, pairScreen, type PairedScreen, type PlayerSocket } from '../support/player-client.js';
import { eventually } from '../support/wait.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { publishPlaylist } from '../support/publish-playlist.js';

// Two server processes on one database: changes made through either reach sockets and caches on both.
describe('manifest refresh: batches, media variants and several server processes', () => {
  let a: TestKernel;
  let b: TestKernel;
  let owner: ConsoleSession;
  let screens: PairedScreen[];
  const sockets: PlayerSocket[] = [];

  const api = (k: TestKernel, method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifest = async (k: TestKernel, screen: PairedScreen, etag?: string) => {
    const res = await k.request('/api/v1/player/manifest', { headers: { ...bearer(screen.credential), ...(etag ? { 'if-none-match': etag } : {}) } });
    const text = await res.text();
    return { status: res.status, etag: res.headers.get('etag'), body: text ? JSON.parse(text) : undefined };
  };
  const versionOf = async (screen: PairedScreen) => (await manifest(a, screen)).body.data.manifestVersion as number;
  async function playlistWith(assetIds: string[]) {
    const created = await api(a, 'POST', '/api/v1/playlists', { name: `list ${randomUUID().slice(0, 6)}` });
    for (const assetId of assetIds)
      expect((await api(a, 'POST', `/api/v1/playlists/${created.body.data.id}/items`, { assetId, durationMs: 5000 })).status).to.equal(201);
    await publishPlaylist(a, owner, created.body.data.id);
    return created.body.data.id as string;
  }
  const assign = async (screen: PairedScreen, playlistId: string) =>
    expect((await api(a, 'PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId })).status).to.equal(200);
  const socketOf = async (k: TestKernel, screen: PairedScreen) => {
    const socket = await openPlayerSocket(k, screen.credential);
    sockets.push(socket);
    await socket.next('server.hello');
    return socket;
  };
  const changes = (socket: PlayerSocket) => socket.messages.filter((m) => m.type === 'manifest.changed');
  // A broadcast published after everything before it (PostgreSQL delivers notifications in commit
  // order): once a socket has it, any push meant for it earlier has arrived too.
  let marks = 0;
  const settled = async (...sockets: PlayerSocket[]) => {
    const configRevision = 1_000_000 + ++marks;
    await (a.containerOf('player').cradle as PlayerDeps).hub.publish('screens', { type: 'config.changed', configRevision });
    for (const s of sockets) {
      const marked = await eventually(() => s.messages.some((m) => m.type === 'config.changed' && m.configRevision === configRevision), Boolean);
      expect(marked, 'the later broadcast arrived').to.equal(true);
    }
  };

  before(async () => {
    a = await bootTestKernel({ plugins: coreModules });
    // Several processes share the database and the media folder (README, Scaling out).
    b = await bootTestKernel({ plugins: coreModules, databaseUrl: a.databaseUrl, dataDir: a.dataDir });
    owner = await setUpOwner(a);
    screens = [];
    for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) screens.push(await pairScreen(a, owner, { name }));
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.ws.close();
  });
  after(async () => {
    await b?.stop();
    await a?.stop();
  });
  beforeEach(() => resetRateLimits(a));

  it('tells every screen of an edited playlist its own new version, on whichever process holds its socket, and no other screen', async () => {
    const [one, two, three, four] = screens as [PairedScreen, PairedScreen, PairedScreen, PairedScreen];
    const shared = await playlistWith([(await seedAsset(a, { name: 'Shared' })).id]);
    for (const s of [one, two, three]) await assign(s, shared);
    await assign(four, await playlistWith([(await seedAsset(a, { name: 'Other' })).id]));
    const before = new Map<string, number>();
    for (const s of [one, two, three, four]) before.set(s.screenId, await versionOf(s));
    const [s1, s2, s3, s4] = [await socketOf(a, one), await socketOf(b, two), await socketOf(a, three), await socketOf(b, four)];

    expect(
      (await api(b, 'POST', `/api/v1/playlists/${shared}/items`, { assetId: (await seedAsset(a, { name: 'New' })).id, durationMs: 4000 })).status,
    ).to.equal(201);
    await publishPlaylist(b, owner, shared);
    for (const [socket, screen] of [
      [s1, one],
      [s2, two],
      [s3, three],
    ] as const) {
      expect((await socket.next('manifest.changed')).manifestVersion).to.equal(before.get(screen.screenId)! + 1);
      expect(await versionOf(screen)).to.equal(before.get(screen.screenId)! + 1);
    }
    await settled(s4);
    expect(changes(s4)).to.deep.equal([]);

    // Recomputing what did not change moves no version and tells no one.
    await (a.containerOf('player').cradle as PlayerDeps).manifestService.refreshMany([one, two, three, four, one].map((s) => s.screenId));
    await settled(s1, s2, s3, s4);
    for (const socket of [s1, s2, s3]) expect(changes(socket)).to.have.length(1);
    expect(changes(s4)).to.deep.equal([]);
    expect(await versionOf(one)).to.equal(before.get(one.screenId)! + 1);
  });

  it('answers revalidations from memory, yet stops answering 304 as soon as another process moves the version', async () => {
    const screen = screens[0]!;
    const first = await manifest(a, screen);
    expect((await manifest(a, screen, first.etag!)).status).to.equal(304);
    const queries: string[] = [];
    const record = (q: { sql: string }) => queries.push(q.sql);
    a.db.on('query', record);
    try {
      expect((await manifest(a, screen, first.etag!)).status).to.equal(304);
    } finally {
      a.db.off('query', record);
    }
    expect(queries.filter((q) => q.includes('player_manifest_state'))).to.deep.equal([]);

    const playlistId = first.body.data.playlist.id;
    expect(
      (await api(b, 'POST', `/api/v1/playlists/${playlistId}/items`, { assetId: (await seedAsset(a, { name: 'Later' })).id, durationMs: 4000 })).status,
    ).to.equal(201);
    await publishPlaylist(b, owner, playlistId);
    // Process b has announced the new version by the time its publication answered; a hears it within milliseconds.
    const after = await eventually(
      () => manifest(a, screen, first.etag!),
      (r) => r.status === 200,
      2_000,
    );
    expect(after.status).to.equal(200);
    expect(after.body.data.manifestVersion).to.equal(first.body.data.manifestVersion + 1);
    expect(after.etag).to.equal(manifestEtag(screen.screenId, first.body.data.manifestVersion + 1, after.body.data.schemaVersion));
    expect((await manifest(a, screen, after.etag!)).status).to.equal(304);
  });

  it('still refuses a disabled screen’s revalidation at once, whichever process disabled it', async () => {
    const screen = screens[2]!;
    const current = await manifest(a, screen);
    expect((await manifest(a, screen, current.etag!)).status).to.equal(304);
    expect((await api(b, 'POST', `/api/v1/screens/${screen.screenId}/disable`)).status).to.equal(204);
    try {
      const refused = await eventually(
        () => manifest(a, screen, current.etag!),
        (r) => r.status === 403,
        2_000,
      );
      expect([refused.status, refused.body?.error?.code]).to.deep.equal([403, 'screen_disabled']);
    } finally {
      expect((await api(a, 'POST', `/api/v1/screens/${screen.screenId}/enable`)).status).to.equal(204);
    }
  });

  it('refreshes the screens playing an asset, by item or by tag rule, once processing has given it new variants', async function () {
    this.timeout(60_000);
    const [one, , , four, five] = screens as [PairedScreen, PairedScreen, PairedScreen, PairedScreen, PairedScreen];
    // A PNG as an upload leaves it before processing: only its original, which players can show.
    const image = await seedAsset(a, { name: 'Reprocessed' });
    const media = libraryDeps(a);
    const original = (await media.assetsRepository.variant(image.id, 'original'))!;
    await assign(four, await playlistWith([image.id]));
    const tag = (await api(a, 'POST', '/api/v1/content-tags', { name: `promo-${randomUUID().slice(0, 6)}` })).body.data.id;
    expect((await api(a, 'POST', '/api/v1/assets/bulk-organize', { assetIds: [image.id], addTagIds: [tag] })).status).to.equal(200);
    const ruled = (await api(a, 'POST', '/api/v1/playlists', { name: `tagged ${randomUUID().slice(0, 6)}` })).body.data.id;
    expect((await api(a, 'PUT', `/api/v1/playlists/${ruled}/tag-rule`, { enabled: true, match: 'any', imageDurationMs: 5000, tagIds: [tag] })).status).to.equal(
      200,
    );
    await publishPlaylist(a, owner, ruled);
    await assign(five, ruled);
    for (const s of [four, five]) expect((await manifest(a, s)).body.data.assets.map((x: any) => x.variantId)).to.deep.equal([original.id]);
    const [s4, s5, s1] = [await socketOf(b, four), await socketOf(a, five), await socketOf(a, one)];
    const before = { four: await versionOf(four), five: await versionOf(five) };

    // Processed again (the worker path): inspection finds a PNG needs a playback copy, the steps make it.
    await media.assetsRepository.transition(image.id, 'queued');
    await media.jobs.send(PROCESSING_JOBS.inspectAsset, { assetId: image.id });
    const pushed = [await s4.next('manifest.changed', 30_000), await s5.next('manifest.changed', 30_000)];
    expect(pushed.map((m) => m.manifestVersion)).to.deep.equal([before.four + 1, before.five + 1]);

    const playback = (await media.assetsRepository.variant(image.id, 'playback'))!;
    expect(playback.id).to.not.equal(original.id);
    for (const s of [four, five]) {
      const m = (await manifest(a, s)).body.data;
      expect(m.assets.map((x: any) => [x.assetId, x.variantId])).to.deep.equal([[image.id, playback.id]]);
      expect(m.playlist.items[0].variantId).to.equal(playback.id);
    }
    await settled(s1);
    expect(changes(s1)).to.deep.equal([]);
  });

  it('tells the screens playing an asset when its availability window is edited, with the window in their manifest', async () => {
    const [one, two] = screens as [PairedScreen, PairedScreen];
    const poster = await seedAsset(a, { name: 'Seasonal poster' });
    await assign(two, await playlistWith([poster.id]));
    const [s2, s1] = [await socketOf(b, two), await socketOf(a, one)];
    const before = await versionOf(two);

    const expiresAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const edited = await api(a, 'PATCH', `/api/v1/assets/${poster.id}`, { availabilitySet: true, expiresAt });
    expect(edited.status, JSON.stringify(edited.body)).to.equal(200);
    const told = await eventually(
      () => changes(s2).filter((c) => c.manifestVersion > before),
      (newer) => newer.length > 0,
    );
    expect(told.map((c) => c.manifestVersion)).to.deep.equal([before + 1]);
    const m = (await manifest(a, two)).body.data;
    expect(m.playlist.items[0]).to.include({ assetId: poster.id, expiresAt });
    expect(m.assets[0]).to.include({ assetId: poster.id, expiresAt });
    await settled(s1);
    expect(changes(s1)).to.deep.equal([]);
  });
});
