import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, seedImage } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const placement = (over: Record<string, unknown>) => ({
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
  ...over,
});

describe('layouts on screens', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await consoleCall(k, owner, method, path, body);
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body?.data;
  };
  const manifest = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Menu board' });
  });
  after(() => k?.stop());

  it('a published layout with an image, a video and a playlist zone reaches the screen with every file it needs, and follows its changes', async () => {
    const [image, video, zoneImage, background, later] = await Promise.all([
      seedImage(k, 'Burger'),
      seedAsset(k, { type: 'video', name: 'Sizzle' }),
      seedImage(k, 'Special'),
      seedImage(k, 'Wood'),
      seedImage(k, 'Dessert'),
    ]);
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Specials' });
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: zoneImage.id, durationMs: 8000 });
    await publishPlaylist(k, owner, playlist.id);

    const layout = await api('POST', '/api/v1/layouts', { name: 'Menu', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
    const placements = [
      placement({ type: 'asset', name: 'Burger', assetId: image.id }),
      placement({ type: 'asset', name: 'Sizzle', assetId: video.id, x: 640, playback: { muted: false, loop: true } }),
      placement({ type: 'playlistZone', name: 'Specials', playlistId: playlist.id, y: 360, playback: { muted: true } }),
      placement({ type: 'primitive', name: 'Title', x: 640, y: 360, primitive: { kind: 'text', text: 'Today', fontSize: 72 } }),
    ];
    const document = { ...layout.draft, canvas: { ...layout.draft.canvas, backgroundAssetId: background.id }, placements };
    await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: 1, document });
    const revision = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { layoutId: layout.id });

    const m = await manifest();
    expect(androidManifestProblems(m, screen.screenId)).to.deep.equal([]);
    expect(m.layout).to.deep.include({ id: layout.id, revisionId: revision.id, revision: 1, documentSha256: revision.documentSha256 });
    expect(m.directFallbackLayout).to.deep.equal(m.layout);
    expect(m.layouts.map((l: any) => l.id)).to.deep.equal([layout.id]);
    expect(m).to.not.have.property('playlist');
    expect(
      m.playlists.map((p: any) => p.id),
      'the zone’s playlist travels with it',
    ).to.deep.equal([playlist.id]);
    const files = new Map(m.assets.map((a: any) => [a.assetId, a.variantId]));
    expect([...files.keys()]).to.have.members([image.id, video.id, zoneImage.id, background.id]);
    const shown = m.layout.document;
    expect(shown.canvas.backgroundVariantId).to.equal(files.get(background.id));
    expect(shown.placements.filter((p: any) => p.type === 'asset').map((p: any) => [p.assetId, p.variantId])).to.deep.equal([
      [image.id, files.get(image.id)],
      [video.id, files.get(video.id)],
    ]);

    const socket = await openPlayerSocket(k, screen.credential);
    try {
      // A published change to the zone's playlist reaches the screen through the layout that holds it.
      await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: later.id, durationMs: 8000 });
      await publishPlaylist(k, owner, playlist.id);
      await socket.next('manifest.changed');
      expect((await manifest()).assets.map((a: any) => a.assetId)).to.include(later.id);

      socket.messages.length = 0;
      const edited = { ...document, placements: placements.slice(0, 2) };
      await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: 2, document: edited });
      expect((await manifest()).layout.revision, 'a draft edit does not reach screens').to.equal(1);
      const second = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 3 });
      await socket.next('manifest.changed');
      const republished = await manifest();
      expect(republished.layout).to.deep.include({ revisionId: second.id, revision: 2 });
      expect(republished.playlists).to.deep.equal([]);
      expect(republished.assets.map((a: any) => a.assetId)).to.have.members([image.id, video.id, background.id]);
      expect(androidManifestProblems(republished, screen.screenId)).to.deep.equal([]);
    } finally {
      socket.ws.close();
    }

    const refused = await consoleCall(k, owner, 'DELETE', `/api/v1/layouts/${layout.id}`);
    expect([refused.status, refused.body.error.code]).to.deep.equal([409, 'layout_in_use']);
  });

  it('text bound to a data source carries the source, follows its edits, and keeps it from deletion', async () => {
    const columns = [
      { key: 'dish', label: 'Dish', type: 'text' },
      { key: 'price', label: 'Price', type: 'number' },
    ];
    const source = await api('POST', '/api/v1/data-sources', {
      provider: 'manual',
      name: 'Prices',
      configuration: { columns, rows: [{ values: { dish: 'Soup', price: '4.5' } }] },
    });
    const layout = await api('POST', '/api/v1/layouts', { name: 'Price tag', orientation: 'portrait', canvasWidth: 1080, canvasHeight: 1920 });
    const text = placement({
      type: 'primitive',
      name: 'Price',
      primitive: { kind: 'text', binding: { dataSourceId: source.id, field: 'price', format: 'currency' } },
    });
    await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: 1, document: { ...layout.draft, placements: [text] } });
    await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    const shop = await pairScreen(k, owner, { name: 'Shop' });
    await api('PUT', `/api/v1/screens/${shop.screenId}/playlist-assignment`, { layoutId: layout.id });

    const read = async () => (await playerCall(k, shop.credential, 'GET', '/api/v1/player/manifest')).body.data;
    const m = await read();
    expect(m.dataSources.map((d: any) => d.id)).to.deep.equal([source.id]);
    expect(m.layout.document.placements[0].primitive.binding.dataSourceId).to.equal(source.id);
    expect(androidManifestProblems(m, shop.screenId)).to.deep.equal([]);

    const socket = await openPlayerSocket(k, shop.credential);
    try {
      await api('PATCH', `/api/v1/data-sources/${source.id}`, { configuration: { columns, rows: [{ values: { dish: 'Soup', price: '5' } }] } });
      await socket.next('manifest.changed');
    } finally {
      socket.ws.close();
    }
    const refused = await consoleCall(k, owner, 'DELETE', `/api/v1/data-sources/${source.id}`);
    expect(refused.status, 'a source a published layout binds cannot be deleted').to.equal(409);
  });

  it('refuses a second sounding video and a zone that plays the layout itself', async () => {
    const [one, two] = await Promise.all([seedAsset(k, { type: 'video' }), seedAsset(k, { type: 'video' })]);
    const layout = await api('POST', '/api/v1/layouts', { name: 'Two videos', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
    const a = placement({ type: 'asset', assetId: one.id });
    const b = placement({ type: 'asset', assetId: two.id, x: 640 });
    await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: 1, document: { ...layout.draft, placements: [a, b] } });
    const refused = await consoleCall(k, owner, 'POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 2 });
    expect([refused.status, refused.body.error.code]).to.deep.equal([422, 'layout_validation_failed']);
    expect(refused.body.error.details.placementIds).to.have.members([a.id, b.id]);

    // Published with one video, then shown by a playlist: a zone playing that playlist would contain the layout.
    await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: 2, document: { ...layout.draft, placements: [a] } });
    await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 3 });
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Loop' });
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { layoutId: layout.id, durationMs: 10_000 });
    const zone = placement({ type: 'playlistZone', playlistId: playlist.id, x: 640 });
    await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: 3, document: { ...layout.draft, placements: [zone] } });
    const cycle = await consoleCall(k, owner, 'POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: 4 });
    expect([cycle.status, cycle.body.error.code]).to.deep.equal([422, 'layout_validation_failed']);
    expect(cycle.body.error.details.placementIds).to.deep.equal([zone.id]);
  });
});
