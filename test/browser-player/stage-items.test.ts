import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { StageItem, WebsiteSettings } from '../../browser-player/src/seams.js';
import { item, openStage, type StageHarness, stageCalls, twoTone } from './stage-harness.js';

/**
 * Websites (with their settings) and widgets as playlist items on the stage. Websites come from a
 * server of their own, another origin than the player's, as real websites are.
 */

// The pages a site answers, by path, given how many times that path was asked for; undefined: no answer ever.
const PAGES: Record<string, (n: number) => string | undefined> = {
  // A red band 240 px wide down the left of a blue page.
  '/band': () =>
    '<!doctype html><style>html,body{margin:0;height:100%;background:#1e1edc}div{position:absolute;left:0;top:0;width:240px;height:100%;background:#dc1e1e}</style><div></div>',
  // A red 300×300 square at the top left of a blue page.
  '/corner': () =>
    '<!doctype html><style>html{background:#1e1edc}body{margin:0}div{width:300px;height:300px;background:#dc1e1e}</style><div></div><p style="height:2000px"></p>',
  // A page without a background of its own.
  '/clear': () => '<!doctype html><p style="margin:0;font-size:10px">clear</p>',
  '/count': (n) => `<!doctype html><h1>${n}</h1>`,
  // Answers once; every reload hangs.
  '/once': (n) => (n === 1 ? '<!doctype html><h1>first</h1>' : undefined),
  '/stall': () => undefined,
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits (within the test's timeout) until `condition` holds. */
async function until(condition: () => Promise<boolean>): Promise<void> {
  while (!(await condition())) await sleep(50);
}

async function openSite() {
  const hits = new Map<string, number>();
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    const body = PAGES[path]?.(n);
    if (body === undefined) {
      hanging.add(res);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    async close() {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('browser player stage: websites and widgets as playlist items (Chromium)', () => {
  let h: StageHarness;
  let site: Awaited<ReturnType<typeof openSite>>;
  const { show, attempt, showing, screenshot } = stageCalls(() => h);
  const ids = {
    fallback: '00000000-0000-4000-8000-0000000000b1',
    fallbackVariant: '00000000-0000-4000-8000-0000000000b2',
    broken: '00000000-0000-4000-8000-0000000000b3',
    brokenVariant: '00000000-0000-4000-8000-0000000000b4',
    hours: '00000000-0000-4000-8000-0000000000c1',
  };
  const settings = (over: Partial<WebsiteSettings> = {}): WebsiteSettings => ({
    loadTimeoutMs: 20_000,
    zoomPercent: 100,
    scrollX: 0,
    scrollY: 0,
    backgroundColor: '#000000',
    onFailure: 'placeholder',
    name: 'Canteen menu',
    ...over,
  });
  const website = (key: string, path: string, over: Partial<WebsiteSettings> = {}, more: Partial<StageItem> = {}): StageItem =>
    item({ key, kind: 'website', src: `${site.base}${path}`, website: settings(over), ...more });
  const frames = () => h.page.evaluate(() => document.querySelectorAll('iframe').length);

  before(async () => {
    [h, site] = await Promise.all([openStage(), openSite()]);
    h.files.set('fallback.png', { body: await twoTone(320, 180, 'vertical'), type: 'image/png' });
    h.files.set('before.png', { body: await twoTone(320, 180, 'horizontal'), type: 'image/png' });
    // The manifest the stage draws from: a fallback image (and one whose file is broken) and a widget.
    await h.page.evaluate(
      ({ c, base }) => {
        const names: Record<string, string> = { [c.fallbackVariant]: 'fallback.png', [c.brokenVariant]: 'missing.png' };
        const widget = {
          assetId: c.hours,
          name: 'Opening hours',
          provider: 'text',
          configVersion: 1,
          presentation: {
            schemaVersion: 1,
            kind: 'native',
            requiredCapabilities: {},
            native: {
              root: {
                type: 'surface',
                props: { backgroundColor: '#dc1e1e', color: '#ffffff' },
                children: [{ type: 'text', props: { role: 'title' }, binding: { source: 'literal', value: 'Open until 18:00' } }],
              },
            },
          },
        };
        const manifest = {
          widgets: [widget],
          assets: [
            { assetId: c.fallback, variantId: c.fallbackVariant, mimeType: 'image/png' },
            { assetId: c.broken, variantId: c.brokenVariant, mimeType: 'image/png' },
          ],
        };
        (window as never as { stage: { useManifest(m: unknown, srcFor: (a: { variantId: string }) => string): void } }).stage.useManifest(
          manifest,
          (a) => `${base}/media/${names[a.variantId]}`,
        );
      },
      { c: ids, base: h.base },
    );
  });
  after(() => Promise.all([h?.close(), site?.close()]));

  it('zooms a website as its settings say: the page laid out smaller and scaled up to fill the screen', async () => {
    // The red band is 240 of 960 px wide as the page lays itself out; at 200 % it covers half the screen.
    await show(website('normal', '/band'));
    let shot = await screenshot();
    expect([shot.at(120, 270), shot.at(360, 270)]).to.deep.equal(['red', 'blue']);
    await show(website('zoomed', '/band', { zoomPercent: 200 }));
    shot = await screenshot();
    expect([shot.at(360, 270), shot.at(600, 270)]).to.deep.equal(['red', 'blue']);
  });

  it('shows a website from its scroll offset', async () => {
    await show(website('top', '/corner'));
    expect((await screenshot()).at(20, 20)).to.equal('red');
    await show(website('scrolled-down', '/corner', { scrollY: 300 }));
    expect((await screenshot()).at(20, 20), 'the square is above the screen').to.equal('blue');
    await show(website('scrolled-right', '/corner', { scrollX: 300 }));
    expect((await screenshot()).at(20, 20), 'the square is left of the screen').to.equal('blue');
  });

  it('paints a website’s background colour behind a page without one', async () => {
    await show(website('clear', '/clear', { backgroundColor: '#dc1e1e' }));
    const shot = await screenshot();
    expect([shot.at(480, 270), shot.at(950, 530)]).to.deep.equal(['red', 'red']);
  });

  it('reloads a website on its interval, swapping the new page in once loaded, one frame at a time', async () => {
    await show(website('counting', '/count', { reloadEveryMs: 200 }));
    const heading = () => h.page.frameLocator('iframe:not(.website-incoming)').locator('h1').textContent();
    const first = Number(await heading());
    await until(async () => Number(await heading()) >= first + 3);
    expect(await frames(), 'each reload replaces the page before it').to.be.at.most(2);
    await show(item({ key: 'after-counting', kind: 'image', src: `${h.base}/media/before.png` }));
    const requests = site.hits.get('/count');
    expect(await frames(), 'released with its reloads').to.equal(0);
    await sleep(600);
    expect(site.hits.get('/count'), 'no reload after it left the screen').to.equal(requests);
  });

  it('keeps the page on screen when a reload does not load in time', async () => {
    await show(website('once', '/once', { reloadEveryMs: 100, loadTimeoutMs: 200 }));
    // Two reloads asked for: the first has timed out (reloads wait for each other).
    await until(async () => (site.hits.get('/once') ?? 0) >= 3);
    expect(await h.page.frameLocator('iframe:not(.website-incoming)').locator('h1').textContent()).to.equal('first');
    expect(await showing()).to.deep.equal({ item: 'once', kind: 'website' });
  });

  it('skips a website that does not load in time when it says so, keeping what is on screen', async () => {
    await show(item({ key: 'before-skip', kind: 'image', src: `${h.base}/media/before.png` }));
    expect(await attempt(website('skipped', '/stall', { onFailure: 'skip', loadTimeoutMs: 300 }))).to.equal('rejected');
    expect(await showing()).to.deep.equal({ item: 'before-skip', kind: 'image' });
    expect(await frames()).to.equal(0);
  });

  it('shows a failed website’s fallback image, from the manifest’s files', async () => {
    const failing = website(
      'with-fallback',
      '/stall',
      { onFailure: 'fallback_image', fallback: { assetId: ids.fallback, variantId: ids.fallbackVariant }, loadTimeoutMs: 300 },
      { fitMode: 'stretch' },
    );
    expect(await attempt(failing)).to.equal('shown');
    expect(await showing()).to.deep.equal({ item: 'with-fallback', kind: 'website' });
    const shot = await screenshot();
    expect([shot.at(20, 20), shot.at(940, 520)], 'red|blue, stretched to the screen').to.deep.equal(['red', 'blue']);
    expect(await frames()).to.equal(0);
  });

  it('shows a placeholder naming a failed website on its background, also when its fallback image cannot be shown', async () => {
    for (const over of [
      { onFailure: 'placeholder' as const },
      { onFailure: 'fallback_image' as const, fallback: { assetId: ids.broken, variantId: ids.brokenVariant } },
    ]) {
      expect(await attempt(website(`placeholder-${over.onFailure}`, '/stall', { ...over, loadTimeoutMs: 300, backgroundColor: '#1e1edc' }))).to.equal('shown');
      expect(await h.page.locator('.website-placeholder').textContent()).to.contain('Canteen menu');
      expect((await screenshot()).at(10, 10)).to.equal('blue');
    }
  });

  it('waits for a website as long as its own load timeout, beyond the stage’s 30 s for other items', async () => {
    const page = await h.browser.newPage();
    try {
      await page.clock.install();
      await page.goto(`${h.base}/`);
      await page.waitForFunction(() => 'stage' in window);
      const outcome = page.evaluate(
        (x) =>
          (window as never as { showItem(i: StageItem): Promise<void> })
            .showItem(x)
            .then(() => 'shown')
            .catch((e: Error) => `rejected: ${e.message}`),
        website('slow', '/stall', { loadTimeoutMs: 90_000 }),
      );
      await page.clock.runFor(60_000);
      expect(await page.locator('.website-placeholder').count(), 'still loading at 60 s').to.equal(0);
      await page.clock.runFor(31_000);
      expect(await outcome).to.equal('shown');
      expect(await page.locator('.website-placeholder').textContent()).to.contain('Canteen menu');
    } finally {
      await page.close();
    }
  });

  it('stands in for a website at once when the browser has no network', async () => {
    await h.page.context().setOffline(true);
    try {
      // A minute's timeout: without the network rule the test would time out first.
      expect(await attempt(website('offline', '/band', { loadTimeoutMs: 60_000 }))).to.equal('shown');
      expect(await h.page.locator('.website-placeholder').count()).to.equal(1);
      expect(await frames()).to.equal(0);
    } finally {
      await h.page.context().setOffline(false);
    }
  });

  it('plays a widget full screen, drawn as layouts draw it', async () => {
    await show(item({ key: 'hours', kind: 'widget', widgetId: ids.hours }));
    expect(await showing()).to.deep.equal({ item: 'hours', kind: 'widget' });
    expect(await h.page.locator('.widget').textContent()).to.equal('Open until 18:00');
    const shot = await screenshot();
    expect([shot.at(5, 5), shot.at(955, 535)], 'its surface fills the screen').to.deep.equal(['red', 'red']);
    await show(item({ key: 'after-hours', kind: 'image', src: `${h.base}/media/before.png` }));
    expect(await h.page.locator('.widget').count(), 'released once replaced').to.equal(0);
  });

  it('rejects a widget the manifest does not hold', async () => {
    expect(await attempt(item({ key: 'no-widget', kind: 'widget', widgetId: '00000000-0000-4000-8000-0000000000ff' }))).to.equal('rejected');
  });

  // Last: it replaces the manifest the other tests draw from.
  it('opens a website in a layout’s playlist zone with its own settings (zoom, background)', async () => {
    const layoutId = '00000000-0000-4000-8000-0000000000d1';
    const zone = '00000000-0000-4000-8000-0000000000d2';
    const menu = '00000000-0000-4000-8000-0000000000d3';
    const placement = {
      id: 'zone',
      name: 'zone',
      type: 'playlistZone',
      playlistId: zone,
      x: 0,
      y: 0,
      width: 960,
      height: 540,
      layer: 1,
      opacity: 1,
      visible: true,
      locked: false,
    };
    const siteOf = (url: string, zoomPercent: number, backgroundColor: string) => ({
      assetId: menu,
      name: 'Menu',
      url,
      allowedHosts: [],
      javascriptEnabled: true,
      domStorageEnabled: true,
      cookiePolicy: 'allow',
      reloadPolicy: 'load_once',
      loadTimeoutSeconds: 20,
      zoomPercent,
      scrollX: 0,
      scrollY: 0,
      backgroundColor,
      failureBehavior: 'placeholder',
    });
    const draw = (url: string, zoomPercent: number, backgroundColor: string) =>
      h.page.evaluate(
        ({ layoutId, zone, menu, placement, site }) => {
          const zoneItem = {
            id: 'menu-item',
            assetId: menu,
            assetType: 'website',
            durationMs: 600_000,
            fitMode: 'contain',
            transition: 'none',
            audioEnabled: false,
            volume: 0,
            deliveryPolicy: 'stream',
          };
          const document = {
            schemaVersion: 2,
            canvas: { width: 960, height: 540, orientation: 'landscape', backgroundColor: '#000000', safeAreaPercent: 0 },
            placements: [placement],
          };
          (window as never as { stage: { useManifest(m: unknown, srcFor: () => string): void } }).stage.useManifest(
            {
              layouts: [{ id: layoutId, revisionId: crypto.randomUUID(), revision: 1, documentSha256: 'x', document }],
              playlists: [{ id: zone, revision: 1, name: 'zone', items: [zoneItem] }],
              websites: [site],
              assets: [],
            },
            () => '',
          );
        },
        { layoutId, zone, menu, placement, site: siteOf(url, zoomPercent, backgroundColor) },
      );
    await draw(`${site.base}/band`, 200, '#000000');
    await show(item({ key: 'menu-layout', kind: 'layout', layoutId }));
    await until(async () => (await frames()) === 1);
    await until(async () => (await screenshot()).at(360, 270) === 'red');
    expect((await screenshot()).at(600, 270), 'the band at twice its width, as its zoom says').to.equal('blue');
    await draw(`${site.base}/clear`, 100, '#dc1e1e');
    await show(item({ key: 'clear-layout', kind: 'layout', layoutId }));
    await until(async () => (await screenshot()).at(480, 400) === 'red');
  });
});
