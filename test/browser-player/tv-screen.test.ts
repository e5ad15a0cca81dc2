import { expect } from 'chai';
import type { CDPSession, Page } from 'playwright-core';
import type { StageItem } from '../../browser-player/src/seams.js';
import { makeH264Mp4 } from '../support/media-files.js';
import { item, openStage, type StageHarness } from './stage-harness.js';

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
});
