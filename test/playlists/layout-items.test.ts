import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { ConsolePlaylist } from '../fixtures/console-types/playlists.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { expectConsoleShape } from '../support/console-contract.js';
import { seedImage } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { publishPlaylist } from '../support/publish-playlist.js';
import { eventually } from '../support/wait.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const placement = (over: Record<string, unknown>) => ({
  id: randomUUID(),
  name: 'Zone',
  x: 0,
  y: 0,
  width: 960,
  height: 540,
  layer: 1,
  opacity: 1,
  visible: true,
  locked: false,
  ...over,
});

describe('playlist items that play a layout', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  const call = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await call(method, path, body);
    if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body?.data;
  };
  const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
  const manifest = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;

  /** A layout showing `placements`, published once unless told not to. */
  async function layoutOf(name: string, placements: Record<string, unknown>[], publish = true) {
    const layout = await api('POST', '/api/v1/layouts', { name, orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
    await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: layout.draftRevision, document: { ...layout.draft, placements } });
    if (publish) await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: layout.draftRevision + 1 });
    return layout;
  }

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Foyer' });
  });
  after(() => k?.stop());

  it('plays a published layout between media, with everything the layout needs in the manifest', async () => {
    const [poster, burger] = await Promise.all([seedImage(k, 'Poster'), seedImage(k, 'Burger')]);
    const board = await layoutOf('Menu board', [placement({ type: 'asset', name: 'Burger', assetId: burger.id })]);
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Foyer loop' });
    await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId: poster.id, durationMs: 5000 });
    const added = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { layoutId: board.id, durationMs: 20_000, transition: 'fade' });
    expectConsoleShape(added, ConsolePlaylist, 'POST /playlists/{id}/items with a layout');
    const item = added.items[1];
    expect(item).to.deep.include({ assetId: board.id, layoutId: board.id, assetName: 'Menu board', assetType: 'layout', durationMs: 20_000 });
    expect(added.warnings).to.deep.equal([]);
    await publishPlaylist(k, owner, playlist.id);

    const socket = await openPlayerSocket(k, screen.credential);
    try {
      await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { playlistId: playlist.id });
      let m = await manifest();
      expect(androidManifestProblems(m, screen.screenId)).to.deep.equal([]);
      expect(m.playlist.items.map((i: any) => [i.assetType, i.assetId, i.layoutId ?? null])).to.deep.equal([
        ['image', poster.id, null],
        ['layout', board.id, board.id],
      ]);
      expect(m.playlist.items[1]).to.deep.include({ durationMs: 20_000, transition: 'fade', audioEnabled: false, volume: 0, deliveryPolicy: 'stream' });
      expect(m.playlist.items[1]).to.not.have.property('variantId');
      expect(m.layouts.map((l: any) => l.id)).to.deep.equal([board.id]);
      expect(m.assets.map((a: any) => a.assetId)).to.have.members([poster.id, burger.id]);
      expect(m, 'the layout is an item here, not what the screen plays').to.not.have.property('layout');

      // A new revision of the layout reaches the screens whose playlist holds it.
      const version = m.manifestVersion;
      socket.messages.length = 0;
      const layout = await api('GET', `/api/v1/layouts/${board.id}`);
      const moved = layout.draft.placements.map((p: any) => ({ ...p, x: 100 }));
      await api('PUT', `/api/v1/layouts/${board.id}/draft`, { expectedDraftRevision: layout.draftRevision, document: { ...layout.draft, placements: moved } });
      await api('POST', `/api/v1/layouts/${board.id}/publish`, { expectedDraftRevision: layout.draftRevision + 1 });
      // The assignment's own push may still arrive: the publish's is the one past the version fetched.
      await eventually(async () => socket.messages.find((x) => x.type === 'manifest.changed' && x.manifestVersion > version), Boolean);
      m = await manifest();
      expect(m.layouts[0].revision).to.equal(2);
      expect(m.layouts[0].document.placements[0].x).to.equal(100);
    } finally {
      socket.ws.close();
      await api('DELETE', `/api/v1/screens/${screen.screenId}/playlist-assignment`);
    }

    // The reference's console sends the item back with the layout's id in both fields.
    const patched = await api('PATCH', `/api/v1/playlists/${playlist.id}/items/${item.id}`, {
      assetId: item.assetId,
      layoutId: item.layoutId,
      durationMs: 30_000,
      fitMode: item.fitMode,
      transition: item.transition,
      audioEnabled: item.audioEnabled,
      volume: item.volume,
      deliveryPolicy: item.deliveryPolicy,
      usePlayerDefaults: false,
    });
    expect(patched.items[1]).to.deep.include({ layoutId: board.id, durationMs: 30_000 });

    // In use as an item: its delete is refused, naming the playlist.
    const refused = await call('DELETE', `/api/v1/layouts/${board.id}`);
    expect(errorOf(refused)).to.deep.equal([409, 'layout_in_use']);
    expect(refused.body.error.details.uses).to.deep.include({ kind: 'playlist', id: playlist.id, name: 'Foyer loop' });
    // Out of the draft but still published, it is still played: refused until that is published too.
    await api('DELETE', `/api/v1/playlists/${playlist.id}/items/${item.id}`);
    expect(errorOf(await call('DELETE', `/api/v1/layouts/${board.id}`))).to.deep.equal([409, 'layout_in_use']);
    await publishPlaylist(k, owner, playlist.id);
    expect((await call('DELETE', `/api/v1/layouts/${board.id}`)).status).to.equal(204);
  });

  it('refuses an item naming both or neither, an unknown or unpublished layout, or a layout that shows the playlist, changing nothing', async () => {
    const image = await seedImage(k, 'Backdrop');
    const playlist = await api('POST', '/api/v1/playlists', { name: 'Guarded' });
    const draftOnly = await layoutOf('Not yet', [placement({ type: 'asset', name: 'Backdrop', assetId: image.id })], false);
    const items = `/api/v1/playlists/${playlist.id}/items`;

    expect(errorOf(await call('POST', items, { durationMs: 5000 }))).to.deep.equal([422, 'playlist_validation_failed']);
    expect(errorOf(await call('POST', items, { assetId: image.id, layoutId: draftOnly.id, durationMs: 5000 }))).to.deep.equal([
      422,
      'playlist_validation_failed',
    ]);
    expect(errorOf(await call('POST', items, { layoutId: randomUUID(), durationMs: 5000 }))).to.deep.equal([404, 'layout_not_found']);
    expect(errorOf(await call('POST', items, { layoutId: draftOnly.id, durationMs: 5000 }))).to.deep.equal([422, 'presentation_not_ready']);
    const published = await layoutOf('Published', [placement({ type: 'asset', name: 'Backdrop', assetId: image.id })]);
    expect(errorOf(await call('POST', items, { layoutId: published.id })), 'a layout has no length of its own').to.deep.equal([
      422,
      'playlist_validation_failed',
    ]);

    // A layout whose zone plays this playlist cannot also be one of its items: it would show itself.
    const framing = await layoutOf('Frame', [placement({ type: 'playlistZone', name: 'Inner', playlistId: playlist.id })]);
    const loop = await call('POST', items, { layoutId: framing.id, durationMs: 5000 });
    expect(errorOf(loop)).to.deep.equal([422, 'playlist_validation_failed']);
    expect(loop.body.error.message).to.match(/zone/);
    // Nor through another playlist that holds it.
    const outer = await api('POST', '/api/v1/playlists', { name: 'Outer' });
    await api('POST', `/api/v1/playlists/${outer.id}/items`, { layoutId: framing.id, durationMs: 5000 });
    const deep = await layoutOf('Deep', [placement({ type: 'playlistZone', name: 'Outer', playlistId: outer.id })]);
    expect(errorOf(await call('POST', items, { layoutId: deep.id, durationMs: 5000 }))).to.deep.equal([422, 'playlist_validation_failed']);

    const after = await api('GET', `/api/v1/playlists/${playlist.id}`);
    expect(after.items, 'nothing was added').to.deep.equal([]);
    expect(after.layoutUsage.map((u: any) => u.name).sort(), 'the layouts showing it, directly or not').to.deep.equal(['Deep', 'Frame']);
  });
});
