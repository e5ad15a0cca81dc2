import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { openPlayerSocket, type PairedScreen, pairScreen, playerCall } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

/** What the stock Android player reports it draws (its `PlayerPresentationSupport`). */
const ANDROID_CAPABILITIES = {
  'layout.surface': 1,
  'layout.box': 1,
  'layout.row': 1,
  'layout.column': 1,
  'layout.stack': 1,
  'layout.grid': 1,
  'layout.spacer': 1,
  'layout.divider': 1,
  'content.text': 1,
  'content.badge': 1,
  'content.qr_code': 1,
  'content.marquee': 1,
  'collection.repeat': 2,
  'binding.core': 2,
  'format.typed': 2,
};

describe('widgets on screens', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let base: PairedScreen;
  let declarative: PairedScreen;
  let tableId: string;
  let boardId: string;
  let clockId: string;
  let worldClockId: string;
  let playlistId: string;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const manifestOf = async (s: PairedScreen) => (await playerCall(k, s.credential, 'GET', '/api/v1/player/manifest')).body.data;
  const rowsOf = (manifest: any) => manifest.dataSources.find((d: any) => d.id === tableId);

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules, env: { SCREENS_CONTACT_FLUSH_MS: '100' } });
    owner = await setUpOwner(k);
    base = await pairScreen(k, owner, { name: 'Counter' });
    declarative = await pairScreen(k, owner, { name: 'Window' });
    const columns = [
      { key: 'dish', label: 'Dish', type: 'text' },
      { key: 'price', label: 'Price', type: 'currency', currency: 'EUR' },
    ];
    const table = await api('POST', '/api/v1/data-sources', {
      provider: 'manual',
      name: 'Specials',
      configuration: { columns, rows: [{ values: { dish: 'Soup', price: '4.50' } }] },
    });
    tableId = table.body.data.id;
    const board = await api('POST', '/api/v1/widgets', {
      provider: 'menu',
      name: 'Price board',
      configuration: { dataSourceId: tableId, fields: ['dish', 'price'], labelField: 'dish', valueField: 'price' },
    });
    expect(board.status, JSON.stringify(board.body)).to.equal(201);
    boardId = board.body.data.id;
    clockId = (await api('POST', '/api/v1/widgets', { provider: 'clock', name: 'Clock', configuration: { timezone: 'Europe/Berlin' } })).body.data.id;
    const zones = [
      { label: 'Paris', timezone: 'Europe/Paris' },
      { label: 'Tokyo', timezone: 'Asia/Tokyo' },
    ];
    worldClockId = (await api('POST', '/api/v1/widgets', { provider: 'world_clock', name: 'Offices', configuration: { zones } })).body.data.id;
    const playlist = (await api('POST', '/api/v1/playlists', { name: 'Menu board' })).body.data;
    playlistId = playlist.id;
    for (const assetId of [boardId, clockId, worldClockId]) {
      const added = await api('POST', `/api/v1/playlists/${playlist.id}/items`, { assetId, durationMs: 15_000 });
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
    }
    await publishPlaylist(k, owner, playlist.id);
    for (const s of [base, declarative])
      expect((await api('PUT', `/api/v1/screens/${s.screenId}/playlist-assignment`, { playlistId: playlist.id })).status).to.equal(200);
    const beat = await playerCall(k, declarative.credential, 'POST', '/api/v1/player/heartbeat', {
      presentationSchemaVersions: [11, 12, 13],
      playerVersionCode: 32,
      nativePresentationCapabilities: ANDROID_CAPABILITIES,
    });
    expect(beat.status).to.equal(200);
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  it('gives a schema-11 player the widgets’ configurations and the bound table, as the stock players take them', async () => {
    const manifest = await eventually(
      () => manifestOf(base),
      (m) => rowsOf(m)?.dataDocument?.datasets?.[0]?.records?.length === 1,
    );
    expect(manifest.schemaVersion).to.equal(11);
    // These players draw a fixed set of widget types: a world clock is left out rather than refused.
    expect(manifest.playlist.items.map((i: any) => i.assetId)).to.deep.equal([boardId, clockId]);
    const [boardItem, clockItem] = manifest.playlist.items;
    expect(boardItem).to.deep.include({ assetId: boardId, assetType: 'widget', deliveryPolicy: 'stream' });
    expect(boardItem).to.not.have.property('variantId');
    expect(clockItem).to.deep.include({ assetId: clockId, assetType: 'widget' });
    const board = manifest.widgets.find((w: any) => w.assetId === boardId);
    expect(board).to.deep.include({ name: 'Price board', provider: 'menu', configVersion: 1 });
    expect(board.configuration).to.deep.include({
      dataSourceId: tableId,
      fields: ['dish', 'price'],
      labelField: 'dish',
      valueField: 'price',
      mode: 'single_record',
    });
    expect(board).to.not.have.property('presentation');
    expect(manifest.widgets.find((w: any) => w.assetId === clockId).configuration).to.deep.include({ timezone: 'Europe/Berlin', format: '12' });
    expect(manifest.dataSources.map((d: any) => d.id)).to.deep.equal([tableId]);
    expect(androidManifestProblems(manifest, base.screenId)).to.deep.equal([]);
  });

  it('gives a schema-13 player the compiled presentations and the data document, as the stock players take them', async () => {
    const manifest = await eventually(
      () => manifestOf(declarative),
      (m) => m.schemaVersion === 13 && rowsOf(m)?.dataDocument?.datasets?.[0]?.records?.length === 1,
    );
    expect(manifest.playlist.items.map((i: any) => i.assetId)).to.deep.equal([boardId, clockId, worldClockId]);
    for (const item of manifest.playlist.items) expect(item).to.not.have.property('sinceSchema');
    for (const widget of manifest.widgets) {
      expect(widget).to.not.have.property('configuration');
      expect(widget.presentation).to.deep.include({ schemaVersion: 1, kind: 'native' });
    }
    const board = manifest.widgets.find((w: any) => w.assetId === boardId);
    expect(JSON.stringify(board.presentation.native.root)).to.include(`"dataset":"${tableId}"`);
    expect(androidManifestProblems(manifest, declarative.screenId)).to.deep.equal([]);
  });

  it('tells the screens when a widget changes, and they get its new configuration', async () => {
    const socket = await openPlayerSocket(k, base.credential);
    try {
      const before = await manifestOf(base);
      const patched = await api('PATCH', `/api/v1/widgets/${clockId}`, { configuration: { timezone: 'Asia/Tokyo', format: '24' } });
      expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
      await socket.next('manifest.changed');
      const after = await eventually(
        () => manifestOf(base),
        (m) => m.widgets.find((w: any) => w.assetId === clockId)?.configuration?.timezone === 'Asia/Tokyo',
      );
      expect(after.manifestVersion).to.be.greaterThan(before.manifestVersion);
      expect(after.widgets.find((w: any) => w.assetId === clockId).configVersion).to.equal(2);
    } finally {
      socket.ws.close();
    }
  });

  it('brings a bound table’s new rows to exactly the screens showing it', async () => {
    const table = (await api('GET', `/api/v1/data-sources/${tableId}`)).body.data;
    const rows = [...table.configuration.rows, { values: { dish: 'Curry', price: '9' } }];
    expect((await api('PATCH', `/api/v1/data-sources/${tableId}`, { configuration: { ...table.configuration, rows } })).status).to.equal(200);
    for (const s of [base, declarative])
      await eventually(
        () => manifestOf(s),
        (m) => rowsOf(m)?.dataDocument?.datasets?.[0]?.records?.length === 2,
      );
  });

  it('refuses deleting a widget a playlist plays, and the data source it binds', async () => {
    const refused = await api('DELETE', `/api/v1/assets/${boardId}`);
    expect([refused.status, refused.body.error.code]).to.deep.equal([409, 'asset_in_use']);
    expect((await api('DELETE', `/api/v1/data-sources/${tableId}`)).status).to.equal(409);
    expect((await api('GET', `/api/v1/assets/${boardId}`)).status).to.equal(200);
    void playlistId;
  });
});
