import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { coreModules } from '../../core-modules/index.js';
import type { WidgetsDeps } from '../../core-modules/widgets/widgets-deps.js';
import { androidManifestProblems } from '../support/android-player.js';
import { consoleCall, resetRateLimits, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { libraryDeps, sessionsByRole } from '../support/library-assets.js';
import { makePng } from '../support/media-files.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { eventually } from '../support/wait.js';

const errorOf = (res: { status: number; body: any }) => [res.status, res.body?.error?.code];
const pathsOf = (res: { body: any }) => (res.body?.error?.details?.fields ?? []).map((f: any) => f.field);

describe('widgets', () => {
  let k: TestKernel;
  let owner: ConsoleSession;
  let as: Record<'contributor' | 'viewer', ConsoleSession>;
  let tableId: string;
  let feedlessTableId: string;

  const api = (method: string, path: string, body?: unknown, s: ConsoleSession = owner) => consoleCall(k, s, method, path, body);
  const create = (provider: string, configuration: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    api('POST', '/api/v1/widgets', { provider, name: `${provider} ${randomUUID().slice(0, 4)}`, description: '', configuration, ...extra });
  const widgetCount = async () => (await api('GET', '/api/v1/assets?type=widget&pageSize=100')).body.data.total;
  const putPreview = (id: string, bytes: Buffer, type = 'image/png', s: ConsoleSession = owner) =>
    k.request(`/api/v1/widgets/${id}/preview-image`, {
      method: 'PUT',
      headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'content-type': type },
      body: new Uint8Array(bytes),
    });

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
    as = await sessionsByRole(k, owner, ['contributor', 'viewer']);
    const columns = [
      { key: 'dish', label: 'Dish', type: 'text' },
      { key: 'price', label: 'Price', type: 'currency', currency: 'EUR' },
      { key: 'served', label: 'Served', type: 'date' },
    ];
    const table = await api('POST', '/api/v1/data-sources', {
      provider: 'manual',
      name: 'Specials',
      configuration: { columns, rows: [{ values: { dish: 'Soup', price: '4.50' } }] },
    });
    expect(table.status, JSON.stringify(table.body)).to.equal(201);
    tableId = table.body.data.id;
    const feed = await api('POST', '/api/v1/data-sources', { provider: 'rss', name: 'News', configuration: { url: 'https://news.example.org/feed.xml' } });
    expect(feed.status, JSON.stringify(feed.body)).to.equal(201);
    feedlessTableId = feed.body.data.id;
  });
  after(() => k?.stop());
  beforeEach(() => resetRateLimits(k));

  describe('content definitions', () => {
    it('lists every core widget type with its form, defaults and required capabilities, and the data-source kinds', async () => {
      const res = await api('GET', '/api/v1/content-definitions', undefined, as.viewer);
      expect(res.status).to.equal(200);
      const catalog = res.body.data;
      const ids = catalog.widgets.map((w: any) => w.id);
      for (const id of [
        'clock',
        'date',
        'world_clock',
        'countdown',
        'qrcode',
        'ticker',
        'website',
        'youtube',
        'menu',
        'table',
        'list',
        'agenda',
        'metric',
        'stat_grid',
        'chart',
        'cards',
        'weather',
      ])
        expect(ids, id).to.include(id);
      const clock = catalog.widgets.find((w: any) => w.id === 'clock');
      expect(clock).to.deep.include({ runtime: 'native', kind: 'widget', presentationSchemaVersion: 1, requiresManifestV13: false });
      expect(clock.defaultConfiguration).to.deep.include({
        timezone: 'UTC',
        format: '12',
        showSeconds: false,
        foregroundColor: '#F5F7FA',
        backgroundColor: '#0E141B',
      });
      expect(clock.configurationSchema.fields.find((f: any) => f.key === 'format')).to.deep.include({ control: 'select', default: '12' });
      const metric = catalog.widgets.find((w: any) => w.id === 'metric');
      expect(metric.acceptedDataSourceKinds).to.deep.equal(['records', 'numeric']);
      expect(catalog.widgets.find((w: any) => w.id === 'stat_grid').requiresManifestV13).to.equal(true);
      const manual = catalog.dataSources.find((s: any) => s.id === 'manual');
      expect(manual).to.deep.include({ refreshBehavior: 'on_edit' });
      expect(manual.shape).to.deep.equal({ numeric: true, temporal: true, weather: false });
      expect(manual.configurationSchema.fields.map((f: any) => f.key)).to.include('columns');
      // Consoles generate a source's form from its provider's own JSON schema.
      expect(manual.configurationSchema.jsonSchema.properties.columns).to.deep.include({ type: 'array', minItems: 1, maxItems: 12 });
      expect(catalog.dataSources.find((s: any) => s.id === 'json').configurationSchema.jsonSchema.required).to.include('url');
      expect(catalog.fingerprint).to.match(/^[0-9a-f]{64}$/);

      const legacy = (await api('GET', '/api/v1/provider-catalog', undefined, as.viewer)).body.data;
      expect(legacy.providers.find((p: any) => p.id === 'youtube')).to.deep.include({ role: 'widget', presentationKind: 'web' });
      expect(legacy.providers.find((p: any) => p.id === 'rss')).to.deep.include({ role: 'data_source' });
    });
  });

  describe('create, change, duplicate', () => {
    it('creates a widget asset with its configuration completed by defaults (authors), listed and shown by the library', async () => {
      const res = await create('clock', { timezone: 'Europe/Paris', format: '24' }, undefined);
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      const asset = res.body.data;
      expect(asset).to.deep.include({ type: 'widget', processingStatus: 'ready' });
      expect(asset.widget).to.deep.equal({
        provider: 'clock',
        configVersion: 1,
        configuration: { timezone: 'Europe/Paris', format: '24', showSeconds: false, foregroundColor: '#F5F7FA', backgroundColor: '#0E141B' },
      });
      expect((await api('GET', `/api/v1/assets/${asset.id}`, undefined, as.viewer)).body.data.widget.provider).to.equal('clock');
      const listed = (await api('GET', '/api/v1/assets?type=widget&pageSize=100')).body.data.items;
      expect(listed.find((a: any) => a.id === asset.id)?.widget?.configuration?.timezone).to.equal('Europe/Paris');
      expect(await create('date', {}, {}).then((r) => r.status)).to.equal(201);
      expect((await consoleCall(k, as.contributor, 'POST', '/api/v1/widgets', { provider: 'date', name: 'Today', configuration: {} })).status).to.equal(201);
      expect(errorOf(await consoleCall(k, as.viewer, 'POST', '/api/v1/widgets', { provider: 'date', name: 'Today', configuration: {} }))[0]).to.equal(403);
    });

    it('refuses bad input with the failing paths, and makes nothing', async () => {
      const before = await widgetCount();
      const cases: [string, Record<string, unknown>, string, string][] = [
        ['sundial', {}, 'body/provider', 'unknown provider'],
        ['clock', { colour: 'red' }, 'body/configuration/colour', 'unknown key'],
        ['clock', { showSeconds: 'yes' }, 'body/configuration/showSeconds', 'wrong type'],
        ['clock', { timezone: 'Mars/Olympus' }, 'body/configuration/timezone', 'unknown zone'],
        ['clock', { format: '36' }, 'body/configuration/format', 'not an option'],
        ['clock', { textScale: 900 }, 'body/configuration/textScale', 'out of range'],
        ['qrcode', {}, 'body/configuration/value', 'required'],
        ['qrcode', { value: 'a\u0001b' }, 'body/configuration/value', 'control characters'],
        ['countdown', { target: '2030-01-01T10:00', mode: 'count_up', recurrence: 'daily' }, 'body/configuration/recurrence', 'count up cannot repeat'],
        ['world_clock', { zones: [] }, 'body/configuration/zones', 'no place'],
        [
          'world_clock',
          {
            zones: [
              { label: 'A', timezone: 'UTC' },
              { label: 'A', timezone: 'Asia/Tokyo' },
            ],
          },
          'body/configuration/zones/1/label',
          'same label',
        ],
        ['youtube', { url: 'https://example.org/watch?v=abc' }, 'body/configuration/url', 'not YouTube'],
        ['website', { url: 'http://example.org' }, 'body/configuration/url', 'not https'],
        ['table', { dataSourceId: randomUUID() }, 'body/configuration/dataSourceId', 'no such source'],
        ['table', { dataSourceId: tableId, fields: ['dish', 'colour'] }, 'body/configuration/fields', 'no such field'],
        ['metric', { dataSourceId: tableId, valueField: 'dish' }, 'body/configuration/valueField', 'not a number field'],
        ['metric', { dataSourceId: feedlessTableId, valueField: 'title' }, 'body/configuration/dataSourceId', 'a feed has no numbers'],
        ['weather', { dataSourceId: tableId }, 'body/configuration/dataSourceId', 'not a weather source'],
      ];
      for (const [provider, configuration, path, why] of cases) {
        const res = await create(provider, configuration);
        expect(errorOf(res), why).to.deep.equal([422, 'validation_failed']);
        expect(pathsOf(res), why).to.include(path);
      }
      expect(errorOf(await api('POST', '/api/v1/widgets', { provider: 'clock', name: 'Bad\u0000', configuration: {} }))[0]).to.equal(422);
      expect(errorOf(await api('POST', '/api/v1/widgets', { provider: 'clock', name: '   ', configuration: {} }))[0]).to.equal(422);
      expect(
        errorOf(await api('POST', '/api/v1/widgets', { provider: 'table', presetId: 'nope', name: 'x', configuration: { dataSourceId: tableId } }))[0],
      ).to.equal(422);
      expect(await widgetCount(), 'nothing was made').to.equal(before);
    });

    it('binds a table to a source of a compatible shape and its fields', async () => {
      const res = await create('table', {
        dataSourceId: tableId,
        fields: ['dish', 'price'],
        columns: [{ field: 'price', format: 'currency', precision: 2, alignment: 'right' }],
        showHeader: true,
      });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
      expect(res.body.data.widget.configuration).to.deep.include({ dataSourceId: tableId, maximumItems: 20, emptyState: 'No items available' });
      expect(res.body.data.widget.configuration.columns[0]).to.deep.include({
        field: 'price',
        format: 'currency',
        precision: 2,
        alignment: 'right',
        label: '',
      });
      const metric = await create('metric', { dataSourceId: tableId, valueField: 'price', suffix: ' €' });
      expect(metric.status, JSON.stringify(metric.body)).to.equal(201);
    });

    it('patches name and configuration (the version moves), duplicates, and refuses a bad change leaving the widget as it was', async () => {
      const made = (await create('ticker', { dataSourceId: tableId, fields: ['dish'] })).body.data;
      const patched = await api('PATCH', `/api/v1/widgets/${made.id}`, {
        name: 'Specials ticker',
        configuration: { dataSourceId: tableId, fields: ['dish', 'price'], speed: 'fast' },
      });
      expect(patched.status, JSON.stringify(patched.body)).to.equal(200);
      expect(patched.body.data.name).to.equal('Specials ticker');
      expect(patched.body.data.widget).to.deep.include({ provider: 'ticker', configVersion: 2 });
      expect(patched.body.data.widget.configuration).to.deep.include({ fields: ['dish', 'price'], speed: 'fast' });

      const bad = await api('PATCH', `/api/v1/widgets/${made.id}`, {
        name: 'Renamed',
        configuration: { dataSourceId: tableId, fields: ['dish', 'price', 'served', 'dish'] },
      });
      expect(errorOf(bad)).to.deep.equal([422, 'validation_failed']);
      const now = (await api('GET', `/api/v1/assets/${made.id}`)).body.data;
      expect(now.name).to.equal('Specials ticker');
      expect(now.widget.configVersion).to.equal(2);
      expect(errorOf(await api('PATCH', `/api/v1/widgets/${randomUUID()}`, { name: 'x' }))).to.deep.equal([404, 'not_found']);

      const copy = await api('POST', `/api/v1/widgets/${made.id}/duplicate`);
      expect(copy.status, JSON.stringify(copy.body)).to.equal(201);
      expect(copy.body.data.id).to.not.equal(made.id);
      expect(copy.body.data.name).to.equal('Specials ticker (copy)');
      expect(copy.body.data.widget.configuration).to.deep.equal(now.widget.configuration);
    });
  });

  describe('playing', () => {
    it('plays a YouTube widget as a stream that puts out video and sound, with its player entry', async () => {
      const made = await create('youtube', { url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', muted: true });
      expect(made.status, JSON.stringify(made.body)).to.equal(201);
      const playable = (await libraryDeps(k).mediaLibrary.playable([made.body.data.id])).get(made.body.data.id)!;
      expect(playable).to.deep.include({ assetType: 'widget', item: { deliveryPolicy: 'stream' }, emits: { video: true, audio: true } });
      expect(playable.file).to.equal(undefined);
      const [entry] = playable.sections!.widgets as any[];
      expect(entry.configuration).to.deep.include({ kind: 'video', videoId: 'dQw4w9WgXcQ', muted: true });
      expect(entry.presentation.web.url).to.match(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?.*mute=1/);
    });
  });

  describe('every core type on the stock players', () => {
    it('gives settings (schema 11) and presentations (schema 13) the Android player’s validators take', async () => {
      const samples: [string, Record<string, unknown>][] = [
        ['clock', {}],
        ['date', { format: 'short' }],
        ['world_clock', { zones: [{ label: 'Home', timezone: 'Europe/Oslo' }], showDate: true }],
        ['countdown', { target: '2030-01-01T10:00', label: 'New year', showSeconds: true }],
        ['qrcode', { value: 'https://example.org/menu', label: 'Menu' }],
        ['website', { url: 'https://menu.example.org/today' }],
        ['youtube', { url: 'https://youtu.be/dQw4w9WgXcQ', loop: true }],
        ['ticker', { dataSourceId: tableId, fields: ['dish', 'price'] }],
        ['menu', { dataSourceId: tableId, fields: ['dish'], labelField: 'dish', valueField: 'price' }],
        ['list', { dataSourceId: tableId, fields: ['dish'], primaryField: 'dish', secondaryField: 'price' }],
        ['table', { dataSourceId: tableId, fields: ['dish', 'price'], columns: [{ field: 'price', format: 'currency' }] }],
        ['agenda', { dataSourceId: tableId, fields: ['dish'], dateField: 'served', titleField: 'dish' }],
        ['metric', { dataSourceId: tableId, valueField: 'price', labelField: 'dish' }],
        ['cards', { dataSourceId: tableId, titleField: 'dish', badgeField: 'price' }],
        ['stat_grid', { dataSourceId: tableId, metrics: [{ valueField: 'price', label: 'Soup' }] }],
        ['chart', { dataSourceId: tableId, chartType: 'bar', categoryField: 'dish', series: [{ field: 'price' }] }],
      ];
      const ids: string[] = [];
      for (const [provider, configuration] of samples) {
        const made = await create(provider, configuration);
        expect(made.status, `${provider}: ${JSON.stringify(made.body)}`).to.equal(201);
        ids.push(made.body.data.id);
      }
      const playable = await libraryDeps(k).mediaLibrary.playable(ids);
      const entries = ids.map((id) => (playable.get(id)!.sections!.widgets as any[])[0]);
      const source = {
        id: tableId,
        name: 'Specials',
        provider: 'manual',
        configVersion: 1,
        configuration: {},
        dataDocument: { schemaVersion: 1, datasets: [] },
      };
      const manifest = (schemaVersion: number, widgets: any[]) => ({
        schemaVersion,
        manifestVersion: 1,
        screenId: 's',
        generatedAt: new Date().toISOString(),
        mode: 'presentation',
        playlist: null,
        playlists: [],
        assets: [],
        dataSources: [source],
        widgets,
      });
      const legacy = entries.filter((e) => !['world_clock', 'stat_grid', 'chart'].includes(e.provider)).map(({ presentation: _, ...e }) => e);
      expect(androidManifestProblems(manifest(11, legacy), 's')).to.deep.equal([]);
      const declarative = entries.map(({ configuration: _, ...e }) => e);
      expect(androidManifestProblems(manifest(13, declarative), 's')).to.deep.equal([]);
    });
  });

  describe('compile preview', () => {
    it('answers the normalised presentation without saving, and the failing paths for a bad configuration', async () => {
      const before = await widgetCount();
      const res = await api('POST', '/api/v1/widgets/compile-preview', { provider: 'clock', configuration: { timezone: 'Asia/Tokyo', showSeconds: true } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.data).to.deep.include({
        schemaVersion: 1,
        kind: 'native',
        requiredCapabilities: { 'layout.surface': 1, 'content.text': 1, 'binding.core': 2 },
      });
      expect(JSON.stringify(res.body.data.native.root)).to.include('time:12:true:Asia/Tokyo');
      const site = (await api('POST', '/api/v1/widgets/compile-preview', { provider: 'website', configuration: { url: 'https://menu.example.org/a' } })).body
        .data;
      expect(site).to.deep.include({ kind: 'web' });
      expect(site.web).to.deep.include({ mode: 'remote', url: 'https://menu.example.org/a', allowedHosts: ['menu.example.org'], onlineOnly: true });
      const bad = await api('POST', '/api/v1/widgets/compile-preview', { provider: 'clock', configuration: { format: 12 } });
      expect(errorOf(bad)).to.deep.equal([422, 'validation_failed']);
      expect(pathsOf(bad)).to.deep.equal(['body/configuration/format']);
      // The console sends its CSRF token: a request without it is refused.
      const forged = await k.request('/api/v1/widgets/compile-preview', {
        method: 'POST',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ provider: 'clock', configuration: {} }),
      });
      expect(forged.status).to.equal(403);
      expect(await widgetCount()).to.equal(before);
    });
  });

  describe('preview image', () => {
    it('stores a PNG as the thumbnail the library serves, and refuses an oversize or non-image body', async () => {
      const widget = (await create('date', {})).body.data;
      expect(widget.thumbnailUrl ?? null).to.equal(null);
      const png = await makePng(8, 8);
      expect((await putPreview(widget.id, png)).status).to.equal(204);
      const shown = (await api('GET', `/api/v1/assets/${widget.id}`)).body.data;
      expect(shown.thumbnailUrl).to.equal(`/api/v1/assets/${widget.id}/thumbnail`);
      const served = await k.request(shown.thumbnailUrl, { headers: { cookie: owner.cookie } });
      expect(served.status).to.equal(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).to.equal(true);

      const tooLarge = await putPreview(widget.id, Buffer.concat([png, Buffer.alloc(500 * 1024)]));
      expect(tooLarge.status).to.equal(413);
      expect(((await tooLarge.json()) as any).error.code).to.equal('preview_too_large');
      const text = await putPreview(widget.id, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/png');
      expect(text.status).to.equal(415);
      expect((await putPreview(randomUUID(), png)).status).to.equal(404);
      expect((await putPreview(widget.id, png, 'image/png', as.viewer)).status).to.equal(403);
      const again = await k.request(shown.thumbnailUrl, { headers: { cookie: owner.cookie } });
      expect(Buffer.from(await again.arrayBuffer()).equals(png), 'the stored image is unchanged').to.equal(true);
    });
  });

  describe('managed widgets', () => {
    it('keeps a widget a module made for itself from people’s changes, and lets that module remove it', async () => {
      const { db, widgetLibrary } = k.containerOf('widgets').cradle as WidgetsDeps;
      const actor = { kind: 'console' as const, userId: owner.userId, role: 'owner' as const, sessionId: randomUUID() };
      const id = await db.transaction((trx) =>
        widgetLibrary.createManaged(actor, { owner: 'sundial', provider: 'clock', name: 'Kept clock', description: '', configuration: {} }, trx),
      );
      const shown = (await api('GET', `/api/v1/assets/${id}`)).body.data;
      expect(shown.widget).to.deep.include({ provider: 'clock', managedBy: 'sundial' });
      expect(errorOf(await api('PATCH', `/api/v1/widgets/${id}`, { name: 'Mine' }))).to.deep.equal([409, 'managed_resource']);
      expect(errorOf(await api('POST', `/api/v1/widgets/${id}/duplicate`))).to.deep.equal([409, 'managed_resource']);
      expect(errorOf(await api('DELETE', `/api/v1/assets/${id}`))).to.deep.equal([409, 'asset_in_use']);
      const refused = await db
        .transaction((trx) =>
          widgetLibrary.createManaged(actor, { owner: 'sundial', provider: 'clock', name: 'Bad', description: '', configuration: { colour: 'red' } }, trx),
        )
        .catch((err) => err);
      expect(refused.code, 'checked as a person’s save is').to.equal('validation_failed');

      await db.transaction((trx) => widgetLibrary.removeManaged(id, trx));
      expect((await api('GET', `/api/v1/assets/${id}`)).status).to.equal(404);
    });
  });

  describe('data sources in use', () => {
    it('refuses deleting a data source a widget binds, and allows it once the widget is deleted', async () => {
      const columns = [{ key: 'name', label: 'Name', type: 'text' }];
      const source = (await api('POST', '/api/v1/data-sources', { provider: 'manual', name: 'Staff', configuration: { columns } })).body.data;
      const widget = (await create('list', { dataSourceId: source.id, fields: ['name'] })).body.data;
      const refused = await api('DELETE', `/api/v1/data-sources/${source.id}`);
      expect(errorOf(refused)).to.deep.equal([409, 'resource_in_use']);
      expect((await api('DELETE', `/api/v1/assets/${widget.id}`)).status).to.equal(204);
      await eventually(
        () => api('DELETE', `/api/v1/data-sources/${source.id}`),
        (r) => r.status === 204,
      );
    });
  });
});
