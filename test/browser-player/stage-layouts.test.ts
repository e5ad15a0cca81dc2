import { expect } from 'chai';
import { makeH264Mp4 } from '../support/media-files.js';
import { item, openStage, pixels, type StageHarness, stageCalls, twoTone } from './stage-harness.js';

describe('browser player stage: layouts (Chromium)', () => {
  let h: StageHarness;
  const { show, attempt, showing, screenshot, capture } = stageCalls(() => h);

  const ids = {
    layout: '00000000-0000-4000-8000-000000000001',
    playlist: '00000000-0000-4000-8000-000000000002',
    wide: '00000000-0000-4000-8000-0000000000a1',
    tall: '00000000-0000-4000-8000-0000000000a2',
    clip: '00000000-0000-4000-8000-0000000000a6',
    clock: '00000000-0000-4000-8000-0000000000a3',
    odd: '00000000-0000-4000-8000-0000000000a4',
    menu: '00000000-0000-4000-8000-0000000000a5',
    source: '00000000-0000-4000-8000-0000000000d1',
    boards: '00000000-0000-4000-8000-000000000003',
    chart: '00000000-0000-4000-8000-0000000000b1',
    donut: '00000000-0000-4000-8000-0000000000b2',
    status: '00000000-0000-4000-8000-0000000000b3',
    agenda: '00000000-0000-4000-8000-0000000000b4',
    countdown: '00000000-0000-4000-8000-0000000000b5',
    scores: '00000000-0000-4000-8000-0000000000d2',
  };
  /** A daily countdown whose first target was years ago, at 3 h 10 min past now's minute (UTC). */
  const madeAt = Math.floor(Date.now() / 60_000) * 60_000;
  const inThreeHours = new Date(madeAt + 190 * 60_000).toISOString().slice(11, 16);
  const native = (assetId: string, root: Record<string, unknown>) => ({
    assetId,
    name: assetId,
    presentation: { schemaVersion: 1, kind: 'native', requiredCapabilities: {}, native: { root } },
  });
  const surface = (...children: Record<string, unknown>[]) => ({ type: 'surface', props: { backgroundColor: '#000000', color: '#ffffff' }, children });
  const scoreText = (value: string, text: string) => ({
    type: 'conditional',
    condition: { binding: { source: 'dataset', dataset: ids.scores, path: 'status' }, op: 'equals', value },
    children: [{ type: 'text', binding: { source: 'literal', value: text } }],
  });
  /** Boards of widgets fed by one data source, as the server compiles them. */
  const boards = [
    native(
      ids.chart,
      surface({
        type: 'bar_chart',
        props: {
          dataset: ids.scores,
          labelField: 'team',
          valueField: 'points',
          series: [
            { field: 'points', label: 'Points', color: '#dc1e1e' },
            { field: 'goals', label: 'Goals', color: '#1e1edc' },
          ],
          showLegend: true,
          showAxes: true,
        },
      }),
    ),
    native(ids.donut, surface({ type: 'donut_chart', props: { dataset: ids.scores, labelField: 'team', valueField: 'points', showLegend: false } })),
    native(ids.status, surface(scoreText('open', 'Doors open'), scoreText('closed', 'Doors closed'), { ...scoreText('closed', 'Hidden'), type: 'text' })),
    native(
      ids.agenda,
      surface({
        type: 'grouped_sections',
        props: { groupField: 'day', groupFormat: 'date-long' },
        repeat: { dataset: ids.scores, limit: 10 },
        children: [{ type: 'text', binding: { source: 'repeat', path: 'team' } }],
      }),
    ),
    native(
      ids.countdown,
      surface({
        type: 'text',
        binding: {
          source: 'environment',
          path: 'countdown',
          format: `countdown:v2:2019-06-01T${encodeURIComponent(inThreeHours)}:UTC:countdown:daily:completed_text:0110:Done`,
        },
      }),
    ),
  ];
  const placement = (over: Record<string, unknown>) => ({ id: crypto.randomUUID(), name: 'p', layer: 1, opacity: 1, visible: true, locked: false, ...over });
  /** The parts of a manifest layouts draw from: its layouts, playlists and widgets. */
  const content = (base: string) => ({
    layouts: [
      {
        id: ids.layout,
        revisionId: crypto.randomUUID(),
        revision: 1,
        documentSha256: 'x',
        document: {
          schemaVersion: 2,
          canvas: { width: 1600, height: 900, orientation: 'landscape', backgroundColor: '#000000', safeAreaPercent: 5 },
          placements: [
            placement({ type: 'asset', assetId: ids.wide, x: 0, y: 0, width: 800, height: 900, playback: { fit: 'stretch' } }),
            placement({ type: 'playlistZone', playlistId: ids.playlist, x: 800, y: 0, width: 800, height: 900, layer: 2 }),
            placement({
              type: 'primitive',
              x: 0,
              y: 0,
              width: 800,
              height: 100,
              layer: 3,
              primitive: { kind: 'text', text: 'Welcome', fontSize: 60, color: '#ffffff' },
            }),
            placement({ type: 'widget', widgetId: ids.clock, x: 1200, y: 700, width: 400, height: 200, layer: 4 }),
            placement({ type: 'widget', widgetId: ids.odd, x: 0, y: 800, width: 400, height: 100, layer: 5 }),
            placement({ type: 'hologram', x: 0, y: 0, width: 1600, height: 900, layer: 6 }),
            placement({ type: 'asset', assetId: ids.clip, x: 1200, y: 0, width: 400, height: 200, layer: 10 }),
            placement({ type: 'widget', widgetId: ids.menu, x: 800, y: 700, width: 400, height: 200, layer: 8 }),
            placement({
              type: 'primitive',
              x: 0,
              y: 100,
              width: 800,
              height: 100,
              layer: 9,
              primitive: {
                kind: 'text',
                fontSize: 40,
                color: '#ffffff',
                binding: { dataSourceId: ids.source, field: 'title', prefix: 'Today: ', fallbackText: 'Closed' },
              },
            }),
            placement({ type: 'asset', assetId: ids.tall, x: 0, y: 0, width: 1600, height: 900, layer: 7, visible: false }),
          ],
        },
      },
      {
        id: ids.boards,
        revisionId: crypto.randomUUID(),
        revision: 1,
        documentSha256: 'y',
        document: {
          schemaVersion: 2,
          canvas: { width: 1600, height: 900, orientation: 'landscape', backgroundColor: '#000000', safeAreaPercent: 5 },
          placements: [
            placement({ type: 'widget', widgetId: ids.chart, x: 0, y: 0, width: 800, height: 450 }),
            placement({ type: 'widget', widgetId: ids.donut, x: 800, y: 0, width: 400, height: 450 }),
            placement({ type: 'widget', widgetId: ids.status, x: 1200, y: 0, width: 400, height: 450 }),
            placement({ type: 'widget', widgetId: ids.agenda, x: 0, y: 450, width: 800, height: 450 }),
            placement({ type: 'widget', widgetId: ids.countdown, x: 800, y: 450, width: 800, height: 450 }),
          ],
        },
      },
    ],
    playlists: [
      {
        id: ids.playlist,
        items: [
          { id: 'z1', assetId: ids.tall, assetType: 'image', durationMs: 3000, fitMode: 'stretch', audioEnabled: false, volume: 1 },
          { id: 'z2', assetId: ids.wide, assetType: 'image', durationMs: 60_000, fitMode: 'stretch', audioEnabled: false, volume: 1 },
        ],
      },
    ],
    widgets: [
      {
        assetId: ids.clock,
        name: 'Clock',
        presentation: {
          schemaVersion: 1,
          kind: 'native',
          requiredCapabilities: {},
          native: {
            root: {
              type: 'surface',
              props: { backgroundColor: '#000000', color: '#ffffff' },
              children: [{ type: 'text', props: { role: 'display' }, binding: { source: 'environment', path: 'currentTime', format: 'time:24:false:UTC' } }],
            },
          },
        },
      },
      // A menu board: a row per record of the data source.
      {
        assetId: ids.menu,
        name: 'Menu',
        presentation: {
          schemaVersion: 1,
          kind: 'native',
          requiredCapabilities: {},
          native: {
            root: {
              type: 'surface',
              props: { emptyText: 'Nothing today' },
              children: [
                {
                  type: 'repeat',
                  repeat: { dataset: ids.source, limit: 5 },
                  children: [
                    {
                      type: 'row',
                      children: [
                        { type: 'text', binding: { source: 'repeat', path: 'title' } },
                        { type: 'text', binding: { source: 'repeat', path: 'price', format: 'number', precision: 2, prefix: '€' } },
                      ],
                    },
                  ],
                },
              ],
            },
          },
        },
      },
      // A node type this player does not know: drawn as nothing, the rest of the layout stays.
      {
        assetId: ids.odd,
        name: 'Odd',
        presentation: { schemaVersion: 1, kind: 'native', requiredCapabilities: {}, native: { root: { type: 'hologram_chart' } } },
      },
      ...boards,
    ],
    dataSources: [
      {
        id: ids.source,
        dataDocument: {
          schemaVersion: 1,
          datasets: [
            {
              id: 'records',
              kind: 'records',
              fields: [],
              records: [
                { id: 'r1', values: { title: { kind: 'text', text: 'Soup' }, price: { kind: 'number', number: 4.5 } } },
                { id: 'r2', values: { title: { kind: 'text', text: 'Salad' }, price: { kind: 'number', number: 3 } } },
              ],
            },
          ],
        },
      },
      {
        id: ids.scores,
        dataDocument: {
          schemaVersion: 1,
          datasets: [
            {
              id: 'scores',
              kind: 'records',
              fields: [],
              records: [
                {
                  id: 's1',
                  values: {
                    team: { kind: 'text', text: 'Owls' },
                    points: { kind: 'number', number: 30 },
                    goals: { kind: 'integer', integer: 10 },
                    status: { kind: 'text', text: 'closed' },
                    day: { kind: 'date', date: '2026-12-01' },
                  },
                },
                {
                  id: 's2',
                  values: {
                    team: { kind: 'text', text: 'Foxes' },
                    points: { kind: 'number', number: 15 },
                    goals: { kind: 'integer', integer: 5 },
                    day: { kind: 'date', date: '2026-12-02' },
                  },
                },
                {
                  id: 's3',
                  values: {
                    team: { kind: 'text', text: 'Hares' },
                    points: { kind: 'number', number: 45 },
                    goals: { kind: 'integer', integer: 0 },
                    day: { kind: 'date', date: '2026-12-01' },
                  },
                },
              ],
            },
          ],
        },
      },
    ],
    base,
  });

  before(async () => {
    h = await openStage();
    h.files.set('wide.png', { body: await twoTone(400, 100, 'vertical'), type: 'image/png' });
    h.files.set('tall.png', { body: await twoTone(200, 400, 'horizontal'), type: 'image/png' });
    h.files.set('clip.mp4', { body: await makeH264Mp4(1), type: 'video/mp4' });
    await h.page.evaluate(
      (c) => {
        const names: Record<string, string> = { [c.wide]: 'wide.png', [c.tall]: 'tall.png', [c.clip]: 'clip.mp4' };
        const { base, ...manifest } = c.content;
        const assets = Object.keys(names).map((assetId) => ({
          assetId,
          variantId: crypto.randomUUID(),
          mimeType: names[assetId]!.endsWith('.mp4') ? 'video/mp4' : 'image/png',
        }));
        (window as never as { stage: { useManifest(m: unknown, srcFor: (a: { assetId: string }) => string): void } }).stage.useManifest(
          { ...manifest, assets },
          (a) => `${base}/media/${names[a.assetId]}`,
        );
      },
      { ...ids, content: content(h.base) },
    );
  });
  after(() => h?.close());

  it('draws a layout: media, a playlist zone on its own clock, text and widgets, skipping what it cannot draw', async () => {
    await show(item({ key: 'layout', kind: 'layout', layoutId: ids.layout }));
    expect(await showing()).to.deep.equal({ item: 'layout', kind: 'layout' });
    // On the 960×540 stage: the wide picture in the left half, the zone's first item (red over blue) in the right.
    let shot = await screenshot();
    expect([shot.at(100, 300), shot.at(380, 300), shot.at(600, 100), shot.at(600, 380)]).to.deep.equal(['red', 'blue', 'red', 'blue']);
    const text = await h.page.locator('.layout').textContent();
    expect(text).to.match(/^Welcome\d{1,2}:\d{2}/);
    expect(text, 'data-bound text and a menu from the data source').to.contain('Today: Soup').and.contain('Soup€4.50Salad€3.00');
    // The zone moves on to its second item (red left, blue right) while the rest stays.
    await h.page.waitForFunction(() => document.querySelector('.zone-playlist img')?.getAttribute('src')?.endsWith('wide.png'));
    shot = await screenshot();
    expect([shot.at(600, 300), shot.at(850, 300), shot.at(100, 300)]).to.deep.equal(['red', 'blue', 'red']);
  });

  it('draws widgets fed by a data source: bar and donut charts, conditional text, sections by day, a daily countdown', async () => {
    await show(item({ key: 'boards', kind: 'layout', layoutId: ids.boards }));
    const drawn = await h.page.evaluate(() => {
      const widgets = [...document.querySelectorAll<HTMLElement>('.layout .widget')];
      const bars = [...widgets[0]!.querySelectorAll<SVGRectElement>('rect')].map((r) => ({
        fill: r.getAttribute('fill'),
        height: Math.round(r.getBoundingClientRect().height),
        left: Math.round(r.getBoundingClientRect().left),
      }));
      const slices = [...widgets[1]!.querySelectorAll('circle')].map((c) => Number(c.getAttribute('stroke-dasharray')!.split(' ')[0]));
      return {
        bars,
        legend: widgets[0]!.querySelector('.pn-chart-legend')!.textContent,
        labels: widgets[0]!.querySelector('.pn-chart-labels')!.textContent,
        scale: widgets[0]!.querySelector('.pn-chart-scale')!.textContent,
        slices,
        donutLegend: widgets[1]!.querySelectorAll('.pn-chart-legend').length,
        status: widgets[2]!.textContent,
        sections: [...widgets[3]!.querySelectorAll('.pn-section')].map((s) => [...s.children].map((c) => c.textContent)),
        countdown: widgets[4]!.textContent,
      };
    });
    // Two series over three teams: each team's bars side by side, heights in proportion (45 is the top of the axis).
    expect(drawn.bars.map((b) => b.fill)).to.deep.equal(['#dc1e1e', '#dc1e1e', '#dc1e1e', '#1e1edc', '#1e1edc', '#1e1edc']);
    const [owls, foxes, hares, owlGoals, foxGoals, hareGoals] = drawn.bars;
    expect(hares!.height).to.be.greaterThan(100);
    expect(owls!.height / hares!.height).to.be.closeTo(30 / 45, 0.03);
    expect(foxes!.height / hares!.height).to.be.closeTo(15 / 45, 0.03);
    expect(owlGoals!.height / hares!.height).to.be.closeTo(10 / 45, 0.03);
    expect(foxGoals!.height / hares!.height).to.be.closeTo(5 / 45, 0.03);
    expect(hareGoals!.height).to.equal(0);
    expect(owls!.left < owlGoals!.left && owlGoals!.left < foxes!.left).to.equal(true);
    expect([drawn.legend, drawn.labels, drawn.scale]).to.deep.equal(['PointsGoals', 'OwlsFoxesHares', '450']);
    // The bars are on screen in their colours: the tallest (Hares, 45) reaches up to the middle of its box.
    const shot = await screenshot();
    const hareBar = await h.page.evaluate(() => {
      const r = document.querySelectorAll('.layout .widget')[0]!.querySelectorAll('rect')[2]!.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    expect(shot.at(hareBar.x, hareBar.y)).to.equal('red');
    expect(drawn.slices.map(Math.round)).to.deep.equal([33, 17, 50]);
    expect(drawn.donutLegend).to.equal(0);
    expect(drawn.status, 'the first record is closed').to.equal('Doors closed');
    expect(drawn.sections).to.deep.equal([
      ['December 1, 2026', 'Owls', 'Hares'],
      ['December 2, 2026', 'Foxes'],
    ]);
    // The daily target is 3 h 10 min after the minute the file was loaded (a whole suite may have run
    // since), whatever day its first occurrence was.
    const [, hours, minutes] = /^(\d{2})h (\d{2})m$/.exec(drawn.countdown ?? '') ?? [];
    const left = 190 - Math.floor((Date.now() - madeAt) / 60_000);
    expect(Number(hours) * 60 + Number(minutes)).to.be.within(left - 2, left);
  });

  it('plays a layout’s video silently, over and over', async () => {
    await show(item({ key: 'layout-video', kind: 'layout', layoutId: ids.layout }));
    const state = await h.page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('.layout video')!;
      v.addEventListener('ended', () => v.setAttribute('data-ended', ''), { once: true });
      return { paused: v.paused, muted: v.muted };
    });
    expect(state).to.deep.equal({ paused: false, muted: true });
    // The one-second clip ends and starts again.
    await h.page.waitForFunction(() => {
      const v = document.querySelector<HTMLVideoElement>('.layout video')!;
      return v.hasAttribute('data-ended') && !v.paused && v.currentTime > 0;
    });
  });

  it('captures a layout as it appears', async () => {
    await show(item({ key: 'layout-captured', kind: 'layout', layoutId: ids.layout }));
    const bytes = await capture();
    const picture = await pixels(bytes);
    const at = (x: number, y: number) => picture.at((x / 960) * picture.width, (y / 540) * picture.height);
    expect([at(100, 300), at(380, 300), at(600, 100), at(600, 380)]).to.deep.equal(['red', 'blue', 'red', 'blue']);
  });

  it('releases a layout and its zones once the next item is on screen', async () => {
    await show(item({ key: 'layout-gone', kind: 'layout', layoutId: ids.layout }));
    await show(item({ key: 'after-layout', kind: 'image', src: `${h.base}/media/wide.png` }));
    expect(await h.page.evaluate(() => document.querySelectorAll('.layout, .zone-playlist, .widget').length)).to.equal(0);
    expect(await h.page.evaluate(() => document.querySelectorAll('img, video, iframe, canvas').length)).to.equal(1);
  });

  it('rejects a layout the manifest does not hold', async () => {
    const outcome = await attempt(item({ key: 'unknown-layout', kind: 'layout', layoutId: '00000000-0000-4000-8000-0000000000ff' }));
    expect(outcome).to.equal('rejected');
  });
});
