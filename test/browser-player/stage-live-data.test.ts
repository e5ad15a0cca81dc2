import { expect } from 'chai';
import { item, openStage, pixels, type StageHarness, stageCalls, twoTone } from './stage-harness.js';

/** A layout on screen while new manifests arrive: new data, the same data again, a new revision of the layout. */
describe('browser player stage: layouts follow new data (Chromium)', () => {
  let h: StageHarness;
  const { show, screenshot, capture } = stageCalls(() => h);

  const ids = {
    layout: '00000000-0000-4000-8000-000000000011',
    playlist: '00000000-0000-4000-8000-000000000012',
    zoned: '00000000-0000-4000-8000-000000000013',
    notesPlaylist: '00000000-0000-4000-8000-000000000014',
    weather: '00000000-0000-4000-8000-0000000000c1',
    notes: '00000000-0000-4000-8000-0000000000c2',
    poster: '00000000-0000-4000-8000-0000000000c3',
    bars: '00000000-0000-4000-8000-0000000000c4',
    forecast: '00000000-0000-4000-8000-0000000000e1',
    memo: '00000000-0000-4000-8000-0000000000e2',
    wide: '00000000-0000-4000-8000-0000000000f1',
    tall: '00000000-0000-4000-8000-0000000000f2',
  };
  const placement = (over: Record<string, unknown>) => ({ id: `p-${over.layer}`, name: 'p', opacity: 1, visible: true, locked: false, ...over });
  const native = (assetId: string, ...children: Record<string, unknown>[]) => ({
    assetId,
    name: assetId,
    presentation: {
      schemaVersion: 1,
      kind: 'native',
      requiredCapabilities: {},
      native: { root: { type: 'surface', props: { backgroundColor: '#000000', color: '#ffffff' }, children } },
    },
  });
  const text = (value: string) => ({ kind: 'text', text: value });
  const source = (id: string, values: Record<string, unknown>[]) => ({
    id,
    dataDocument: { schemaVersion: 1, datasets: [{ id: 'records', kind: 'records', fields: [], records: values.map((v, i) => ({ id: `r${i}`, values: v })) }] },
  });

  /**
   * A manifest with a whole-screen layout: a playlist zone (right half), a widget on the weather
   * source (temperature, a warning only while it is stormy), a widget on another source, a
   * picture widget, a bar chart on the weather, and text bound to the weather.
   */
  const manifest = (o: { temperature: string; sky: string; heading?: string; revision?: string; note?: string }) => ({
    layouts: [
      {
        id: ids.layout,
        revisionId: o.revision ?? 'rev-1',
        revision: 1,
        documentSha256: 'x',
        document: {
          schemaVersion: 2,
          canvas: { width: 1600, height: 900, orientation: 'landscape', backgroundColor: '#000000', safeAreaPercent: 5 },
          placements: [
            placement({ type: 'playlistZone', playlistId: ids.playlist, x: 800, y: 0, width: 800, height: 900, layer: 1 }),
            placement({ type: 'widget', widgetId: ids.weather, x: 0, y: 0, width: 400, height: 300, layer: 2 }),
            placement({ type: 'widget', widgetId: ids.notes, x: 400, y: 0, width: 400, height: 300, layer: 3 }),
            placement({ type: 'widget', widgetId: ids.poster, x: 0, y: 300, width: 400, height: 300, layer: 4 }),
            placement({ type: 'widget', widgetId: ids.bars, x: 400, y: 300, width: 400, height: 300, layer: 5 }),
            placement({
              type: 'primitive',
              x: 0,
              y: 600,
              width: 800,
              height: 150,
              layer: 6,
              primitive: { kind: 'text', fontSize: 60, color: '#ffffff', binding: { dataSourceId: ids.forecast, field: 'sky', prefix: 'Sky: ' } },
            }),
            placement({
              type: 'primitive',
              x: 0,
              y: 750,
              width: 800,
              height: 150,
              layer: 7,
              primitive: { kind: 'text', text: o.heading ?? 'Welcome', fontSize: 60, color: '#ffffff' },
            }),
          ],
        },
      },
      // A zone playing a widget as its item, the whole canvas.
      {
        id: ids.zoned,
        revisionId: 'zoned-1',
        revision: 1,
        documentSha256: 'z',
        document: {
          schemaVersion: 2,
          canvas: { width: 1600, height: 900, orientation: 'landscape', backgroundColor: '#000000', safeAreaPercent: 5 },
          placements: [placement({ type: 'playlistZone', playlistId: ids.notesPlaylist, x: 0, y: 0, width: 1600, height: 900, layer: 1 })],
        },
      },
    ],
    playlists: [
      {
        id: ids.notesPlaylist,
        items: [{ id: 'n1', assetId: ids.notes, assetType: 'widget', durationMs: 600_000, fitMode: 'contain', audioEnabled: false, volume: 1 }],
      },
      {
        id: ids.playlist,
        items: [{ id: 'z1', assetId: ids.tall, assetType: 'image', durationMs: 600_000, fitMode: 'stretch', audioEnabled: false, volume: 1 }],
      },
    ],
    widgets: [
      native(
        ids.weather,
        { type: 'text', props: { role: 'title' }, binding: { source: 'dataset', dataset: ids.forecast, path: 'temperature', suffix: '°' } },
        {
          type: 'text',
          condition: { binding: { source: 'dataset', dataset: ids.forecast, path: 'sky' }, op: 'equals', value: 'storm' },
          binding: { source: 'literal', value: 'Storm warning' },
        },
      ),
      native(ids.notes, { type: 'text', binding: { source: 'dataset', dataset: ids.memo, path: 'note' } }),
      native(ids.poster, { type: 'asset_image', props: { assetId: ids.wide, fit: 'stretch' } }),
      native(ids.bars, {
        type: 'bar_chart',
        props: {
          dataset: ids.forecast,
          labelField: 'sky',
          valueField: 'rain',
          series: [{ field: 'rain', label: 'Rain', color: '#dc1e1e' }],
          showLegend: false,
          showAxes: false,
        },
      }),
    ],
    dataSources: [
      source(ids.forecast, [{ temperature: text(o.temperature), sky: text(o.sky), rain: { kind: 'number', number: 10 } }]),
      source(ids.memo, [{ note: text(o.note ?? 'Lunch at noon') }]),
    ],
  });

  /** Gives the page's stage a manifest, its files served by the harness. */
  const useManifest = (m: ReturnType<typeof manifest>) =>
    h.page.evaluate(
      ({ m, base, names }) => {
        const assets = Object.keys(names).map((assetId) => ({ assetId, variantId: `${assetId}-v`, mimeType: 'image/png' }));
        (window as never as { stage: { useManifest(m: unknown, srcFor: (a: { assetId: string }) => string): void } }).stage.useManifest(
          { ...m, assets },
          (a) => `${base}/media/${names[a.assetId]}`,
        );
      },
      { m, base: h.base, names: { [ids.wide]: 'wide.png', [ids.tall]: 'tall.png' } },
    );

  /** Tags the elements on screen now, to tell afterwards whether each is still the same DOM node. */
  const tag = () =>
    h.page.evaluate(() => {
      const widgets = [...document.querySelectorAll('.layout .widget')];
      const tagged = {
        zone: document.querySelector('.zone-playlist img'),
        weather: widgets[0]!.firstElementChild,
        notes: widgets[1]!.firstElementChild,
        poster: widgets[2]!.firstElementChild,
        board: document.querySelector('.layout'),
      };
      for (const [name, el] of Object.entries(tagged)) (el as unknown as { tag: string }).tag = name;
    });
  const stillTagged = () =>
    h.page.evaluate(() => {
      const widgets = [...document.querySelectorAll('.layout .widget')];
      const tagOf = (el: Element | null | undefined) => (el as unknown as { tag?: string } | null)?.tag;
      return {
        zone: tagOf(document.querySelector('.zone-playlist img')),
        weather: tagOf(widgets[0]?.firstElementChild),
        notes: tagOf(widgets[1]?.firstElementChild),
        poster: tagOf(widgets[2]?.firstElementChild),
        board: tagOf(document.querySelector('.layout')),
      };
    });
  const texts = () =>
    h.page.evaluate(() => ({
      weather: document.querySelectorAll('.layout .widget')[0]?.textContent,
      primitives: [...document.querySelectorAll('.layout .primitive-text')].map((p) => p.textContent),
    }));

  before(async () => {
    h = await openStage();
    h.files.set('wide.png', { body: await twoTone(400, 100, 'vertical'), type: 'image/png' });
    h.files.set('tall.png', { body: await twoTone(200, 400, 'horizontal'), type: 'image/png' });
  });
  after(() => h?.close());

  beforeEach(async () => {
    await useManifest(manifest({ temperature: '12', sky: 'clear' }));
    await show(item({ key: crypto.randomUUID(), kind: 'layout', layoutId: ids.layout, durationMs: undefined }));
    await tag();
  });

  it('shows a data source’s new data in the widgets and text that read it, the zone playing on', async () => {
    expect(await texts()).to.deep.equal({ weather: '12°', primitives: ['Sky: clear', 'Welcome'] });
    await useManifest(manifest({ temperature: '19', sky: 'storm' }));
    await h.page.waitForFunction(() => document.querySelectorAll('.layout .widget')[0]?.textContent === '19°Storm warning');
    // The condition is checked again against the new data; the bound text follows it.
    expect(await texts()).to.deep.equal({ weather: '19°Storm warning', primitives: ['Sky: storm', 'Welcome'] });
    // The zone's item, the layout and the widgets whose data did not change are the same elements: nothing restarted or redrawn.
    expect(await stillTagged()).to.deep.equal({ zone: 'zone', weather: undefined, notes: 'notes', poster: 'poster', board: 'board' });
    // The chart on the weather was drawn again too: the storm's rain is the whole axis.
    expect(await h.page.evaluate(() => document.querySelectorAll('.layout .widget')[3]!.querySelector('rect')!.getAttribute('data-value'))).to.equal('10');
  });

  it('redraws nothing when a new manifest brings the same data', async () => {
    await useManifest(manifest({ temperature: '12', sky: 'clear' }));
    // Let anything a redraw would do land.
    await h.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
    expect(await stillTagged()).to.deep.equal({ zone: 'zone', weather: 'weather', notes: 'notes', poster: 'poster', board: 'board' });
    expect(await texts()).to.deep.equal({ weather: '12°', primitives: ['Sky: clear', 'Welcome'] });
  });

  it('draws a new revision of the layout in place: what changed is redrawn, the zone plays on', async () => {
    await useManifest(manifest({ temperature: '12', sky: 'clear', heading: 'Good morning', revision: 'rev-2' }));
    await h.page.waitForFunction(() => [...document.querySelectorAll('.layout .primitive-text')].some((p) => p.textContent === 'Good morning'));
    expect(await texts()).to.deep.equal({ weather: '12°', primitives: ['Sky: clear', 'Good morning'] });
    expect(await stillTagged()).to.deep.equal({ zone: 'zone', weather: 'weather', notes: 'notes', poster: 'poster', board: 'board' });
  });

  it('shows new data in a widget a playlist zone is playing, the zone playing on', async () => {
    await show(item({ key: crypto.randomUUID(), kind: 'layout', layoutId: ids.zoned, durationMs: undefined }));
    await h.page.evaluate(() => {
      (document.querySelector('.zone-playlist') as unknown as { tag: string }).tag = 'zone';
    });
    expect(await h.page.locator('.zone-playlist .widget').textContent()).to.equal('Lunch at noon');
    await useManifest(manifest({ temperature: '12', sky: 'clear', note: 'Lunch moved to one' }));
    await h.page.waitForFunction(() => document.querySelector('.zone-playlist .widget')?.textContent === 'Lunch moved to one');
    expect(await h.page.evaluate(() => (document.querySelector('.zone-playlist') as unknown as { tag?: string }).tag)).to.equal('zone');
  });

  it('draws a widget’s picture from the manifest’s files, with the fit it asks for', async () => {
    const picture = await h.page.evaluate(() => {
      const img = document.querySelectorAll('.layout .widget')[2]!.querySelector('img')!;
      const r = img.getBoundingClientRect();
      return { src: img.getAttribute('src'), fit: img.style.objectFit, left: r.left, top: r.top, width: r.width, height: r.height };
    });
    expect(picture.src).to.equal(`${h.base}/media/wide.png`);
    expect(picture.fit).to.equal('fill');
    // Stretched over the widget's box (inside its padding): red left half, blue right half.
    const shot = await screenshot();
    const y = picture.top + picture.height / 2;
    expect([shot.at(picture.left + picture.width * 0.25, y), shot.at(picture.left + picture.width * 0.75, y)]).to.deep.equal(['red', 'blue']);
  });

  it('puts widgets in the live preview: their background, text, pictures and charts', async () => {
    const boxes = await h.page.evaluate(() => {
      const rect = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { x: r.left, y: r.top, width: r.width, height: r.height };
      };
      const widgets = [...document.querySelectorAll('.layout .widget')];
      return {
        title: rect(widgets[0]!.querySelector('.pn-text')!),
        picture: rect(widgets[2]!.querySelector('img')!),
        bar: rect(widgets[3]!.querySelector('rect')!),
      };
    });
    const frame = await pixels(await capture());
    const at = (x: number, y: number) => frame.at((x / 960) * frame.width, (y / 540) * frame.height);
    // The picture as on screen.
    const { picture, bar, title } = boxes;
    expect([
      at(picture.x + picture.width * 0.25, picture.y + picture.height / 2),
      at(picture.x + picture.width * 0.75, picture.y + picture.height / 2),
    ]).to.deep.equal(['red', 'blue']);
    // The chart's bar, in its colour.
    expect(at(bar.x + bar.width / 2, bar.y + bar.height / 2)).to.equal('red');
    // The temperature's white glyphs on the black surface (not a placeholder's grey frame).
    const row = Array.from({ length: Math.floor(title.width) }, (_, i) => at(title.x + i, title.y + title.height / 2));
    expect(row.filter((c) => c === 'other').length, 'glyph pixels').to.be.greaterThan(3);
    expect(row.filter((c) => c === 'black').length, 'surface pixels').to.be.greaterThan(row.length / 2);
  });
});
