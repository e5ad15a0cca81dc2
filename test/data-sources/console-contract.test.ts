import { expect } from 'chai';
import {
  ConsoleDataSourceDetail,
  ConsoleDataSourceList,
  ConsoleInspection,
  ConsoleSavedPreview,
  ConsoleSourceRefreshDiagnostics,
} from '../fixtures/console-types/data-sources.js';
import { consoleCall } from '../support/console-client.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';

const CSV = 'dish,price\nSoup,4.50\nSalad,6\n';
const columns = [
  { key: 'dish', label: 'Dish', type: 'text' },
  { key: 'price', label: 'Price', type: 'number' },
];

describe('data sources as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;

  it('answers the detail page what it reads: diagnostics, the fields, and who uses the source', async () => {
    const input = {
      provider: 'manual',
      name: 'Specials',
      description: 'Today',
      configuration: { columns, rows: [{ values: { dish: 'Soup', price: '4.5' } }] },
    };
    const created = await call('POST', '/api/v1/data-sources', input);
    expectConsoleShape(created, ConsoleDataSourceDetail, 'POST /data-sources');
    await call('POST', `/api/v1/data-sources/${created.id}/outputs/rebuild`);

    const detail = await call('GET', `/api/v1/data-sources/${created.id}`);
    expectConsoleShape(detail, ConsoleDataSourceDetail, 'GET /data-sources/{id}');
    expect(detail.fields.map((f: any) => f.key)).to.include.members(['dish', 'price']);
    expect(detail.diagnostics).to.include({ parseStatus: 'success', availableItemCount: 1, usingCachedData: false });
    expect(detail).to.deep.include({ widgetUsage: [], bindingUsage: [], cachedRecordCount: 1 });
    expectConsoleShape(await call('GET', `/api/v1/data-sources/${created.id}/diagnostics`), ConsoleSourceRefreshDiagnostics, 'GET …/diagnostics');

    // Its editor sends the whole DataSourceInput back, provider included.
    const updated = await call('PATCH', `/api/v1/data-sources/${created.id}`, { ...input, name: 'Lunch specials', configuration: detail.configuration });
    expectConsoleShape(updated, ConsoleDataSourceDetail, 'PATCH /data-sources/{id}');
    expect(updated.name).to.equal('Lunch specials');
    const copy = await call('POST', `/api/v1/data-sources/${created.id}/duplicate`);
    expectConsoleShape(copy, ConsoleDataSourceDetail, 'POST /data-sources/{id}/duplicate');

    // Before any refresh, a source's detail still has every array and no nulls.
    const pending = await consoleCall(ui.k, ui.owner, 'GET', `/api/v1/data-sources/${copy.id}`);
    expectConsoleShape(pending.body.data, ConsoleDataSourceDetail, 'GET /data-sources/{id} (not read yet)');
  });

  it('previews and inspects a saved upload and a candidate on the paths the console calls', async () => {
    const upload = await call('POST', '/api/v1/data-sources', {
      provider: 'csv',
      name: 'Uploaded menu',
      description: '',
      configuration: { uploadedContent: CSV, mapping: { title: 'dish', valueFields: { price: 'price' } } },
    });
    // The saved file's bytes are read though no answer shows them.
    const preview = await call('GET', `/api/v1/data-sources/${upload.id}/preview`);
    expectConsoleShape(preview, ConsoleSavedPreview, 'GET /data-sources/{id}/preview');
    expect(preview.recordCount).to.equal(2);
    const saved = await call('GET', `/api/v1/data-sources/${upload.id}/inspect`);
    expectConsoleShape(saved, ConsoleInspection, 'GET /data-sources/{id}/inspect');
    const candidate = await call('POST', '/api/v1/data-sources/csv/inspect', { configuration: { uploadedContent: CSV } });
    expectConsoleShape(candidate, ConsoleInspection, 'POST /data-sources/{provider}/inspect');
    expect(candidate.fields.map((f: any) => f.key)).to.deep.equal(['dish', 'price']);
    const previewed = await call('POST', '/api/v1/data-sources/csv/preview', { configuration: { uploadedContent: CSV, mapping: { title: 'dish' } } });
    expect(previewed.recordCount).to.equal(2);

    // A generated client needs each path template once: the GET and POST share theirs.
    const doc = (await consoleCall(ui.k, ui.owner, 'GET', '/api/v1/openapi.json')).body;
    const templates = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/api/v1/data-sources/'))
      .map((p) => p.replace(/\{[^}]+\}/g, '{}'));
    expect(
      templates.filter((t, i) => templates.indexOf(t) !== i),
      'templates differing only in parameter names',
    ).to.deep.equal([]);
    expect(Object.keys(doc.paths['/api/v1/data-sources/{id}/inspect'])).to.include.members(['get', 'post']);
  });

  it('lists with the queries the console sends and refuses what the schema says it refuses', async () => {
    const page = await call('GET', '/api/v1/data-sources?page=1&pageSize=100&sort=name');
    expectConsoleShape(page, ConsoleDataSourceList, 'GET /data-sources');
    expect(page.items.map((s: any) => s.name)).to.include.members(['Lunch specials', 'Uploaded menu']);
    const searched = await call('GET', `/api/v1/data-sources?${new URLSearchParams({ page: '1', pageSize: '100', search: 'lunch', provider: 'manual' })}`);
    expect(searched.items.map((s: any) => s.name)).to.deep.equal(['Lunch specials', 'Lunch specials (copy)']);
    expect((await call('GET', '/api/v1/data-sources?page=1&pageSize=100&provider=csv')).items.map((s: any) => s.name)).to.deep.equal(['Uploaded menu']);

    // Forms are made through their own route, as the reference has it; an unknown provider is no provider.
    for (const provider of ['form', 'weather', 'RSS']) {
      const refused = await consoleCall(ui.k, ui.owner, 'POST', '/api/v1/data-sources', { provider, name: 'x', description: '', configuration: {} });
      expect([refused.status, refused.body.error.code], provider).to.deep.equal([422, 'validation_failed']);
      expect(refused.body.error.details.fields[0].field, provider).to.equal('body/provider');
    }
  });
});
