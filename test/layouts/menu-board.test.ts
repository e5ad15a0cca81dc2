import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedAsset, seedImage } from '../support/library-assets.js';
import { openPlayerSocket, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const zone = (name: string, x: number, y: number, width: number, height: number, over: Record<string, unknown>) => ({
  id: randomUUID(),
  name,
  x,
  y,
  width,
  height,
  layer: 1,
  opacity: 1,
  visible: true,
  locked: false,
  ...over,
});

// The done-when: a four-zone menu board made only through the API plays on a screen.
describe('a four-zone menu board made through the API', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let screen: PairedScreen;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await consoleCall(k, owner, method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body?.data;
  };
  const manifest = async () => (await playerCall(k, screen.credential, 'GET', '/api/v1/player/manifest')).body.data;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    screen = await pairScreen(k, owner, { name: 'Counter board' });
  });
  after(() => k?.stop());

  it('shows a background, a video, a price table fed by a manual table, a promotions zone, a clock and a ticker, and follows the table’s edits', async () => {
    const [background, video, promo] = await Promise.all([seedImage(k, 'Slate'), seedAsset(k, { type: 'video', name: 'Grill' }), seedImage(k, 'Two for one')]);
    const columns = [
      { key: 'dish', label: 'Dish', type: 'text' },
      { key: 'price', label: 'Price', type: 'currency', currency: 'EUR' },
    ];
    const prices = await api('POST', '/api/v1/data-sources', {
      provider: 'manual',
      name: 'Prices',
      configuration: { columns, rows: [{ values: { dish: 'Burger', price: '9.50' } }, { values: { dish: 'Fries', price: '3.00' } }] },
    });
    const widget = (provider: string, name: string, configuration: Record<string, unknown>) =>
      api('POST', '/api/v1/widgets', { provider, name, configuration });
    const table = await widget('table', 'Price table', {
      dataSourceId: prices.id,
      fields: ['dish', 'price'],
      columns: [
        { field: 'dish', label: 'Dish' },
        { field: 'price', label: 'Price', format: 'currency', precision: 2 },
      ],
    });
    const clock = await widget('clock', 'Clock', { timezone: 'Europe/Berlin' });
    const ticker = await widget('ticker', 'Deals ticker', { dataSourceId: prices.id, fields: ['dish', 'price'] });
    const promotions = await api('POST', '/api/v1/playlists', { name: 'Promotions' });
    await api('POST', `/api/v1/playlists/${promotions.id}/items`, { assetId: promo.id, durationMs: 8000 });
    await publishPlaylist(k, owner, promotions.id);

    const layout = await api('POST', '/api/v1/layouts', { name: 'Menu board', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
    const placements = [
      zone('Grill video', 0, 0, 960, 540, { type: 'asset', assetId: video.id, playback: { muted: true, loop: true } }),
      zone('Prices', 960, 0, 960, 900, { type: 'widget', widgetId: table.id }),
      zone('Promotions', 0, 540, 960, 360, { type: 'playlistZone', playlistId: promotions.id }),
      zone('Clock', 1600, 900, 320, 180, { type: 'widget', widgetId: clock.id, layer: 2 }),
      zone('Ticker', 0, 900, 1600, 180, { type: 'widget', widgetId: ticker.id, layer: 2 }),
    ];
    const document = { ...layout.draft, canvas: { ...layout.draft.canvas, backgroundAssetId: background.id }, placements };
    const saved = await api('PUT', `/api/v1/layouts/${layout.id}/draft`, { expectedDraftRevision: layout.draftRevision, document });
    const revision = await api('POST', `/api/v1/layouts/${layout.id}/publish`, { expectedDraftRevision: saved.draftRevision });
    expect(revision.revision).to.equal(1);
    await api('PUT', `/api/v1/screens/${screen.screenId}/playlist-assignment`, { layoutId: layout.id });

    let m = await manifest();
    expect(androidManifestProblems(m, screen.screenId)).to.deep.equal([]);
    expect(m.layout).to.deep.include({ id: layout.id, revisionId: revision.id, documentSha256: revision.documentSha256 });
    expect(m.layout.document.placements.map((p: any) => p.name)).to.deep.equal(placements.map((p) => p.name));
    expect(
      m.widgets.map((w: any) => [w.assetId, w.provider]),
      'every placed widget',
    ).to.have.deep.members([
      [table.id, 'table'],
      [clock.id, 'clock'],
      [ticker.id, 'ticker'],
    ]);
    expect(
      m.dataSources.map((d: any) => d.id),
      'the table both widgets read, once',
    ).to.deep.equal([prices.id]);
    expect(m.playlists.map((p: any) => p.id)).to.deep.equal([promotions.id]);
    expect(
      m.assets.map((a: any) => a.assetId),
      'every file a placement needs',
    ).to.have.members([background.id, video.id, promo.id]);

    // New prices reach the board without touching the widget or the layout.
    const socket = await openPlayerSocket(k, screen.credential);
    try {
      socket.messages.length = 0;
      await api('PATCH', `/api/v1/data-sources/${prices.id}`, {
        configuration: { columns, rows: [{ values: { dish: 'Burger', price: '10.50' } }, { values: { dish: 'Fries', price: '3.00' } }] },
      });
      const pushed = await socket.next('manifest.changed', 10_000);
      expect(pushed.manifestVersion).to.be.greaterThan(m.manifestVersion);
      m = await manifest();
      expect(JSON.stringify(m.dataSources[0]), 'the new price travels in the data source entry').to.include('10.5');
      expect(m.layout.revisionId, 'the layout itself is unchanged').to.equal(revision.id);
    } finally {
      socket.ws.close();
    }
  });
});
