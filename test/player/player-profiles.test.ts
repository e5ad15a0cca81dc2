import { createHash, randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import { dataSourceViewerPlugin, showSources } from '../fixtures/data-source-viewer.plugin.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { seedImage } from '../support/library-assets.js';
import { bearer, pairScreen, playerCall, type PairedScreen } from '../support/player-client.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';
import { publishPlaylist } from '../support/publish-playlist.js';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Each screen's manifest is built for what its player reports (presentationSchemaVersions, version
 * code): the highest schema both sides know, each section as that schema carries it, the ETag by
 * the reference's rule for that schema; never a manifest that player's validator refuses.
 */
describe('manifests per player profile', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  const screens: Record<'base' | 'typed' | 'declarative' | 'crossfade', PairedScreen> = {} as never;
  let tableId: string;

  const api = (method: string, path: string, body?: unknown) => consoleCall(k, owner, method, path, body);
  const fetchManifest = async (s: PairedScreen, etag?: string) => {
    const res = await k.request('/api/v1/player/manifest', { headers: { ...bearer(s.credential), ...(etag ? { 'if-none-match': etag } : {}) } });
    return { status: res.status, etag: res.headers.get('etag')!, data: res.status === 200 ? ((await res.json()) as { data: any }).data : undefined };
  };
  const heartbeat = async (s: PairedScreen, report: Record<string, unknown>) =>
    expect((await playerCall(k, s.credential, 'POST', '/api/v1/player/heartbeat', report)).status).to.equal(200);

  before(async () => {
    // Heartbeats are written in batches: a short interval lets the reports land quickly.
    k = await bootTestKernel({ plugins: [...coreModules, dataSourceViewerPlugin], env: { SCREENS_CONTACT_FLUSH_MS: '100' } });
    owner = await setUpOwner(k);
    for (const name of ['base', 'typed', 'declarative', 'crossfade'] as const) screens[name] = await pairScreen(k, owner, { name });
    const playlist = (await api('POST', '/api/v1/playlists', { name: `Menu ${randomUUID().slice(0, 4)}` })).body.data;
    const image = await seedImage(k, 'Poster');
    const item = { assetId: image.id, durationMs: 6000, transition: 'crossfade' };
    expect((await api('POST', `/api/v1/playlists/${playlist.id}/items`, item)).status).to.equal(201);
    await publishPlaylist(k, owner, playlist.id);
    const columns = [
      { key: 'dish', label: 'Dish', type: 'text' },
      { key: 'price', label: 'Price', type: 'currency', currency: 'EUR' },
    ];
    const rows = [{ values: { dish: 'Soup', price: '4.50' } }, { values: { dish: 'Curry', price: '9' } }];
    const table = await api('POST', '/api/v1/data-sources', { provider: 'manual', name: 'Specials', configuration: { columns, rows } });
    expect(table.status, JSON.stringify(table.body)).to.equal(201);
    tableId = table.body.data.id;
    const all = Object.values(screens);
    for (const s of all) await api('PUT', `/api/v1/screens/${s.screenId}/playlist-assignment`, { playlistId: playlist.id });
    await showSources(
      all.map((s) => s.screenId),
      [tableId],
    );
    await heartbeat(screens.typed, { presentationSchemaVersions: [11, 12], playerVersionCode: 40 });
    await heartbeat(screens.declarative, { presentationSchemaVersions: [11, 12, 13], playerVersionCode: 32, nativePresentationCapabilities: { text: 1 } });
    await heartbeat(screens.crossfade, { presentationSchemaVersions: [11, 12, 13, 14, 99], playerVersionCode: 33 });
  });
  after(() => k?.stop());

  // The table's document is produced after its creation: wait for it and for the reports to land.
  const settled = (s: PairedScreen, schema: number) =>
    eventually(
      () => fetchManifest(s),
      (r) =>
        r.data?.schemaVersion === schema &&
        r.data.dataSources[0]?.[schema === 12 ? 'configuration' : 'dataDocument']?.[schema === 12 ? 'records' : 'datasets']?.length > 0,
      10_000,
    );

  it('gives a player that reported nothing the base schema, and a schema-13 player the data document, both valid for the Android player', async () => {
    const base = await settled(screens.base, 11);
    const declarative = await settled(screens.declarative, 13);
    for (const [s, m] of [
      [screens.base, base.data],
      [screens.declarative, declarative.data],
    ] as const)
      expect(androidManifestProblems(m, s.screenId), `schema ${m.schemaVersion}`).to.deep.equal([]);
    expect(base.data.playlist.items[0].transition, 'crossfade needs schema 14').to.equal('fade');
    expect(declarative.data.playlist.items[0].transition, 'and a player code of 33').to.equal('fade');
    expect(declarative.data.dataSources[0].dataDocument.datasets[0].records.map((r: any) => r.values.dish.text)).to.deep.equal(['Soup', 'Curry']);
    // The reference's ETags: `manifest-` over screen:version to schema 12, `sha256-` over screen:version:schema from 13.
    expect(base.etag).to.equal(`"manifest-${sha256(`${screens.base.screenId}:${base.data.manifestVersion}`)}"`);
    expect(declarative.etag).to.equal(`"sha256-${sha256(`${screens.declarative.screenId}:${declarative.data.manifestVersion}:13`)}"`);
    for (const [s, r] of [
      [screens.base, base],
      [screens.declarative, declarative],
    ] as const) {
      expect((await fetchManifest(s, r.etag)).status, 'its own ETag revalidates').to.equal(304);
      expect((await fetchManifest(s)).data.manifestVersion, 'and fetching again does not move its version').to.equal(r.data.manifestVersion);
    }
  });

  it('sends a manual table to a schema-12 player as typed records, as the reference does', async () => {
    const typed = await settled(screens.typed, 12);
    expect(androidManifestProblems(typed.data, screens.typed.screenId)).to.deep.equal([]);
    const [entry] = typed.data.dataSources;
    expect(entry).to.not.have.property('dataDocument');
    expect(entry.configuration.fields).to.deep.equal([
      { key: 'dish', label: 'Dish', type: 'text' },
      { key: 'price', label: 'Price', type: 'currency' },
    ]);
    expect(entry.configuration.records.map((r: any) => r.values)).to.deep.equal([
      { dish: 'Soup', price: '4.5' },
      { dish: 'Curry', price: '9' },
    ]);
    expect(typed.etag).to.match(/^"manifest-[0-9a-f]{64}"$/);
  });

  it('plays a crossfade only on a player that reports schema 14 and version code 33, at the highest schema both know', async () => {
    const crossfade = await settled(screens.crossfade, 14);
    expect(crossfade.data.playlist.items[0].transition).to.equal('crossfade');
    expect(androidManifestProblems(crossfade.data, screens.crossfade.screenId)).to.deep.equal([]);
  });

  it('rebuilds for a player whose report changes, moving its version once', async () => {
    const before = await settled(screens.base, 11);
    await heartbeat(screens.base, { presentationSchemaVersions: [11, 12, 13], playerVersionCode: 40 });
    const after = await settled(screens.base, 13);
    expect(after.data.manifestVersion).to.equal(before.data.manifestVersion + 1);
    expect((await fetchManifest(screens.base, before.etag)).status, 'the old ETag no longer matches').to.equal(200);
    expect((await fetchManifest(screens.base, after.etag)).status).to.equal(304);
  });
});
