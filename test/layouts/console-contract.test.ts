import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { ConsoleLayout, ConsoleLayoutList, ConsoleLayoutRevision, ConsoleLayoutRevisionList } from '../fixtures/console-types/layouts.js';
import { ConsoleContentDefinitionCatalog, ConsoleProviderCatalog, ConsoleWidgetAsset, ConsoleWidgetPresentation } from '../fixtures/console-types/widgets.js';
import { consoleUnderTest, expectConsoleShape } from '../support/console-contract.js';
import { seedImage } from '../support/library-assets.js';

describe('widgets and layouts as the reference’s console reads them', () => {
  const ui = consoleUnderTest();
  const { call } = ui;

  it('answers its catalog, widget and preview calls in its shapes', async () => {
    expectConsoleShape(await call('GET', '/api/v1/content-definitions'), ConsoleContentDefinitionCatalog, 'GET /content-definitions');
    expectConsoleShape(await call('GET', '/api/v1/provider-catalog'), ConsoleProviderCatalog, 'GET /provider-catalog');
    const configuration = { timezone: 'Europe/Berlin' };
    expectConsoleShape(
      await call('POST', '/api/v1/widgets/compile-preview', { provider: 'clock', configuration }),
      ConsoleWidgetPresentation,
      'compile-preview',
    );
    const made = await call('POST', '/api/v1/widgets', { provider: 'clock', name: 'Lobby clock', description: '', configuration });
    expectConsoleShape(made, ConsoleWidgetAsset, 'POST /widgets');
    expectConsoleShape(await call('GET', `/api/v1/assets/${made.id}`), ConsoleWidgetAsset, 'GET /assets/{id} of a widget');
    expectConsoleShape(await call('POST', `/api/v1/widgets/${made.id}/duplicate`), ConsoleWidgetAsset, 'POST /widgets/{id}/duplicate');
  });

  it('answers its layout calls in its shapes, from create to a restored revision', async () => {
    const image = await seedImage(ui.k, 'Logo');
    const created = await call('POST', '/api/v1/layouts', {
      name: 'Entrance',
      description: '',
      orientation: 'landscape',
      canvasWidth: 1920,
      canvasHeight: 1080,
    });
    expectConsoleShape(created, ConsoleLayout, 'POST /layouts');
    const placement = {
      id: randomUUID(),
      type: 'asset',
      name: 'Logo',
      assetId: image.id,
      x: 10,
      y: 10,
      width: 400,
      height: 200,
      layer: 0,
      opacity: 1,
      visible: true,
      locked: false,
    };
    const saved = await call('PUT', `/api/v1/layouts/${created.id}/draft`, {
      expectedDraftRevision: created.draftRevision,
      document: { ...created.draft, placements: [placement] },
    });
    expectConsoleShape(saved, ConsoleLayout, 'PUT /layouts/{id}/draft');
    const published = await call('POST', `/api/v1/layouts/${created.id}/publish`, { expectedDraftRevision: saved.draftRevision });
    expectConsoleShape(published, ConsoleLayoutRevision, 'POST /layouts/{id}/publish');
    expectConsoleShape(await call('GET', `/api/v1/layouts/${created.id}`), ConsoleLayout, 'GET /layouts/{id}');
    expectConsoleShape(await call('GET', '/api/v1/layouts?search=&page=1&pageSize=100'), ConsoleLayoutList, 'GET /layouts');
    const revisions = await call('GET', `/api/v1/layouts/${created.id}/revisions?page=1&pageSize=100`);
    expectConsoleShape(revisions, ConsoleLayoutRevisionList, 'GET /layouts/{id}/revisions');
    const restored = await call('POST', `/api/v1/layouts/${created.id}/revisions/${published.id}/restore`, { expectedDraftRevision: saved.draftRevision });
    expectConsoleShape(restored, ConsoleLayout, 'POST /layouts/{id}/revisions/{rid}/restore');
    expect(restored.draft.placements.map((p: any) => p.id)).to.deep.equal([placement.id]);
    expectConsoleShape(await call('POST', `/api/v1/layouts/${created.id}/duplicate`), ConsoleLayout, 'POST /layouts/{id}/duplicate');
  });
});
