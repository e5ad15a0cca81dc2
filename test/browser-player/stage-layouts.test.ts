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
  };
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
