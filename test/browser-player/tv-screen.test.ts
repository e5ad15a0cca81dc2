import { expect } from 'chai';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { coreModules } from '../../core-modules/index.js';
import type { StageItem } from '../../browser-player/src/seams.js';
import { ensureBrowserPlayerBuilt } from '../support/browser-player-build.js';
import { assignPlaylist, publishedPlaylist, seedPicture } from '../support/browser-player.js';
import { launchChromium } from '../support/chromium.js';
import { consoleCall, setUpOwner } from '../support/console-client.js';
import { makeH264Mp4 } from '../support/media-files.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';
import { item, openStage, type StageHarness, stageCalls } from './stage-harness.js';

// Runs before the stage's script in every document: records what the page asks of the browser's
// Wake Lock and Fullscreen APIs (the real calls still go through), and lets the test say when the
// tab is hidden. Headless Chromium never hides a tab, so visibility is the one thing played here.
const WATCH_TV_APIS = `(() => {
  const tv = (window.tv = { wakeLocks: 0, fullscreen: [], hidden: false });
  const wakeLock = WakeLock.prototype.request;
  WakeLock.prototype.request = function (type) {
    tv.wakeLocks += 1;
    return wakeLock.call(this, type);
  };
  const fullscreen = Element.prototype.requestFullscreen;
  Element.prototype.requestFullscreen = function (options) {
    tv.fullscreen.push({ root: this === document.documentElement, navigationUI: options && options.navigationUI });
    return fullscreen.call(this, options);
  };
  Object.defineProperty(document, 'visibilityState', { get: () => (tv.hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { get: () => tv.hidden });
  window.setHidden = (hidden) => {
    tv.hidden = hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  };
})()`;

interface TvWatch {
  wakeLocks: number;
  fullscreen: { root: boolean; navigationUI?: string }[];
}

describe('browser player on a TV (Chromium)', () => {
  describe('a browser that refuses autoplay with sound', () => {
    let h: StageHarness;
    let page: Page;
    let cdp: CDPSession;
    // Playwright's own evaluate counts as a user gesture, which would lift the very policy under
    // test: until the key press, the page is only read through a bare DevTools call, as a script of its own.
    const inPage = async <T>(expression: string): Promise<T> => {
      const answer = await cdp.send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (answer.exceptionDetails) throw new Error(answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text);
      return answer.result.value as T;
    };
    const until = (condition: string) =>
      inPage(`new Promise((resolve) => { const check = () => (${condition} ? resolve(true) : setTimeout(check, 50)); check(); })`);
    const show = (i: StageItem) => inPage(`window.showItem(${JSON.stringify(i)}).then(() => document.getElementById('root').dataset.showingItem)`);
    const video = () =>
      inPage<{ muted: boolean; paused: boolean; volume: number }>(
        `(({ muted, paused, volume }) => ({ muted, paused, volume }))(document.querySelector('video'))`,
      );
    const time = () => inPage<number>(`document.querySelector('video').currentTime`);

    before(async () => {
      // A TV browser's policy: sound only once someone has pressed a key or clicked on the page.
      h = await openStage({ args: ['--autoplay-policy=document-user-activation-required'] });
      h.files.set('clip.mp4', { body: await makeH264Mp4(30), type: 'video/mp4' });
      // A page of its own: the harness's page has had Playwright's gestures.
      page = await h.page.context().newPage();
      await page.goto(`${h.base}/`);
      cdp = await page.context().newCDPSession(page);
      await until(`'stage' in window`);
      expect(await inPage(`navigator.userActivation.hasBeenActive`), 'no gesture yet').to.equal(false);
    });
    after(() => h?.close());

    it('plays a video with sound muted rather than not at all, and its sound comes back with the first key press', async () => {
      const clip = item({ key: 'loud', kind: 'video', src: `${h.base}/media/clip.mp4`, durationMs: undefined, audioEnabled: true, volume: 0.6 });
      expect(await show(clip), 'the video is on screen, not skipped as broken').to.equal('loud');
      expect(await video()).to.deep.equal({ muted: true, paused: false, volume: 0.6 });
      await until(`document.querySelector('video').currentTime > 0.2`);

      // Escape is no gesture to the browser: the video plays on, muted.
      await page.keyboard.press('Escape');
      await until(`document.querySelector('video').currentTime > ${(await time()) + 0.2}`);
      expect(await video()).to.deep.equal({ muted: true, paused: false, volume: 0.6 });

      // A remote control's key press is the user gesture the browser waits for.
      await page.keyboard.press('Enter');
      await until(`!document.querySelector('video').muted`);
      await until(`document.querySelector('video').currentTime > ${(await time()) + 0.2}`);
      expect(await video(), 'playing on, with its sound at its volume').to.deep.equal({ muted: false, paused: false, volume: 0.6 });
    });

    it('keeps a silent video silent after a key press', async () => {
      await show(item({ key: 'quiet', kind: 'video', src: `${h.base}/media/clip.mp4`, durationMs: undefined, audioEnabled: false }));
      await page.keyboard.press('Enter');
      await until(`document.querySelector('video').currentTime > 0.2`);
      expect((await video()).muted).to.equal(true);
    });

    it('plays later videos with sound once the page has had its key press', async () => {
      await show(item({ key: 'later', kind: 'video', src: `${h.base}/media/clip.mp4`, durationMs: undefined, audioEnabled: true }));
      expect(await video()).to.include({ muted: false, paused: false });
    });
  });

  describe('the screen', () => {
    let h: StageHarness;
    const watched = () => h.page.evaluate(() => (window as never as { tv: TvWatch }).tv);

    beforeEach(async () => {
      h = await openStage({ initScript: WATCH_TV_APIS });
    });
    afterEach(() => h?.close());

    it('asks to stay awake at once, and again each time the tab is shown again', async () => {
      expect((await watched()).wakeLocks, 'asked when the stage starts').to.equal(1);
      // The browser drops the lock while the tab is hidden.
      await h.page.evaluate(() => (window as never as { setHidden(v: boolean): void }).setHidden(true));
      expect((await watched()).wakeLocks, 'not asked while hidden').to.equal(1);
      await h.page.evaluate(() => (window as never as { setHidden(v: boolean): void }).setHidden(false));
      await h.page.waitForFunction(() => (window as never as { tv: TvWatch }).tv.wakeLocks === 2);
    });

    it("goes full screen on the first key press, without the browser's bars", async () => {
      expect((await watched()).fullscreen, 'not before a gesture (the browser would refuse)').to.deep.equal([]);
      await h.page.keyboard.press('ArrowDown');
      expect((await watched()).fullscreen).to.deep.equal([{ root: true, navigationUI: 'hide' }]);
      await h.page.waitForFunction(() => document.fullscreenElement === document.documentElement);
      // Already full screen: further presses leave it be.
      await h.page.keyboard.press('ArrowDown');
      expect((await watched()).fullscreen).to.have.length(1);
    });

    it('goes full screen on the first click', async () => {
      await h.page.mouse.click(480, 270);
      expect((await watched()).fullscreen).to.deep.equal([{ root: true, navigationUI: 'hide' }]);
      await h.page.waitForFunction(() => document.fullscreenElement === document.documentElement);
    });
  });

  describe('a layout on a TV browser without container units (before Chromium 105)', () => {
    let h: StageHarness;
    const ids = { layout: '00000000-0000-4000-8000-000000000001', menu: '00000000-0000-4000-8000-0000000000a5' };
    const placement = (over: Record<string, unknown>) => ({ id: crypto.randomUUID(), name: 'p', layer: 1, opacity: 1, visible: true, locked: false, ...over });
    const manifest = {
      assets: [],
      dataSources: [],
      playlists: [],
      layouts: [
        {
          id: ids.layout,
          revisionId: crypto.randomUUID(),
          revision: 1,
          documentSha256: 'x',
          document: {
            schemaVersion: 2,
            canvas: { width: 1920, height: 1080, orientation: 'landscape', backgroundColor: '#102030', safeAreaPercent: 5 },
            placements: [
              placement({ type: 'primitive', x: 0, y: 0, width: 960, height: 200, primitive: { kind: 'text', text: 'Welcome', fontSize: 60, padding: 20 } }),
              placement({ type: 'widget', widgetId: ids.menu, x: 1200, y: 600, width: 600, height: 300, layer: 2, playback: { cornerRadius: 40 } }),
            ],
          },
        },
      ],
      widgets: [
        {
          assetId: ids.menu,
          name: 'Menu',
          presentation: {
            schemaVersion: 1,
            kind: 'native',
            requiredCapabilities: {},
            native: { root: { type: 'surface', children: [{ type: 'text', props: { role: 'title', text: 'Soup' } }] } },
          },
        },
      ],
    };
    /** On-screen sizes in CSS pixels, as the browser computed them. */
    const sizes = () =>
      h.page.evaluate(() => {
        const px = (el: Element | null, property: string) => Number.parseFloat(getComputedStyle(el!).getPropertyValue(property));
        // Its own size, before the frame's rotation.
        const board = document.querySelector<HTMLElement>('.layout')!;
        return {
          layout: [board.offsetWidth, board.offsetHeight],
          text: px(document.querySelector('.primitive-text'), 'font-size'),
          textPadding: px(document.querySelector('.primitive-text'), 'padding-top'),
          cornerRadius: px(document.querySelector('.layout-slot:has(.widget)'), 'border-top-left-radius'),
          widgetPadding: px(document.querySelector('.pn-surface'), 'padding-top'),
          widgetText: px(document.querySelector('.pn-text'), 'font-size'),
        };
      });

    before(async () => {
      h = await openStage();
      await h.page.evaluate(
        (m) => (window as never as { stage: { useManifest(m: unknown, srcFor: () => string): void } }).stage.useManifest(m, () => ''),
        manifest,
      );
    });
    after(() => h?.close());

    it('sizes the canvas, its text and its widgets without container units or container queries', async () => {
      await stageCalls(() => h).show(item({ key: 'layout', kind: 'layout', layoutId: ids.layout }));
      // Whatever the browser supports, nothing the player draws may depend on them.
      const uses = await h.page.evaluate(() => {
        const containerOnly = /\d(cqw|cqh|cqi|cqb|cqmin|cqmax)\b|container-type|@container/;
        const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText));
        const inline = [...document.querySelectorAll('[style]')].map((el) => el.getAttribute('style')!);
        return [...rules, ...inline].filter((text) => containerOnly.test(text));
      });
      expect(uses).to.deep.equal([]);
      // A 1920×1080 canvas on a 960×540 screen: every canvas pixel is half a pixel. The widget's box
      // is 600×300 canvas pixels, so a hundredth of its smaller side is 1.5 pixels.
      expect(await sizes()).to.deep.equal({ layout: [960, 540], text: 30, textPadding: 10, cornerRadius: 20, widgetPadding: 6, widgetText: 18 });
    });

    it('sizes them for the portrait frame when the screen is turned a quarter', async () => {
      await h.page.evaluate(() => (window as never as { stage: { applyScreen(o: unknown): void } }).stage.applyScreen({ rotation: 90 }));
      // The frame is 540 wide and 960 tall: the canvas letterboxed at 540×303.75, 0.28125 pixels per canvas pixel.
      const portrait = await sizes();
      expect(portrait.layout).to.deep.equal([540, 304]);
      expect(portrait.text).to.be.closeTo(16.875, 0.01);
      expect(portrait.widgetText).to.be.closeTo(12 * 3 * 0.28125, 0.01);
    });
  });

  describe('a TV browser opening the player on the LAN over plain http', () => {
    let k: TestKernel;
    let browser: Browser;

    before(async function () {
      // The first run after a change of the player's sources builds it.
      this.timeout(180_000);
      ensureBrowserPlayerBuilt();
      k = await bootTestKernel({ plugins: coreModules });
      // A name other than localhost over plain http is not a secure context (no crypto.randomUUID, no worker).
      browser = await launchChromium(['--host-resolver-rules=MAP signs.lan 127.0.0.1']);
    });
    after(async () => {
      await browser?.close();
      await k?.stop();
    });

    it('pairs and plays what the screen is given', async () => {
      const owner = await setUpOwner(k);
      const page = await (await browser.newContext()).newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`http://signs.lan:${new URL(k.url).port}/player/`);
      expect(await page.evaluate(() => globalThis.isSecureContext)).to.equal(false);

      const code = /\b([2-9A-HJKMNP-Z]{3})[\s-]?([2-9A-HJKMNP-Z]{3})\b/.exec((await page.locator('.pairing-code').textContent({ timeout: 20_000 })) ?? '');
      expect(code, `no pairing code on screen; page errors: ${problems.join('; ')}`).to.not.equal(null);
      const found = await consoleCall(k, owner, 'POST', '/api/v1/screens/pairing/resolve', { code: code![1]! + code![2]! });
      expect(found.status, JSON.stringify(found.body)).to.equal(200);
      const approved = await consoleCall(k, owner, 'POST', `/api/v1/screens/pairing/${found.body.data.id}/approve`, { name: 'Lobby TV' });
      expect(approved.status, JSON.stringify(approved.body)).to.equal(200);

      const list = await publishedPlaylist(k, owner, 'Lobby', [{ assetId: await seedPicture(k, 'Poster'), durationMs: 5000 }]);
      await assignPlaylist(k, owner, approved.body.data.id, list.id);
      await page.waitForFunction((id) => document.querySelector('[data-showing-item]')?.getAttribute('data-showing-item') === id, list.itemIds[0], {
        timeout: 30_000,
      });
      expect(problems).to.deep.equal([]);

      // The build keeps its CSS to what Chromium 93 reads (a newer target writes media queries as
      // ranges, `(aspect-ratio<=1)`, which older browsers drop with the rules inside).
      const tooNew = await page.evaluate(() =>
        [...document.styleSheets]
          .flatMap((sheet) => [...sheet.cssRules].map((r) => r.cssText))
          .filter((text) => /\d(cqw|cqh|cqi|cqb|cqmin|cqmax)\b|container-type|@container|aspect-ratio\s*[<>]=?/.test(text)),
      );
      expect(tooNew).to.deep.equal([]);
      // Nor does the service worker call what Chromium 93 lacks: a throw there would serve the kept
      // page for good, so a new build would never reach the screen.
      const worker = await page.evaluate(async () => (await fetch('/player/sw.js')).text());
      expect(worker).to.not.match(/AbortSignal\.(timeout|any)\b/);
    });
  });
});
