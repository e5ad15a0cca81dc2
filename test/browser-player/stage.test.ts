import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { StageItem } from '../../browser-player/src/seams.js';
import { makeH264Mp4 } from '../support/media-files.js';
import { item, openStage, pixels, type StageHarness, stageCalls, twoTone } from './stage-harness.js';

describe('browser player stage (Chromium)', () => {
  let h: StageHarness;
  const { show, attempt, showing, screenshot, capture } = stageCalls(() => h);
  const ended = () => h.page.evaluate(() => (window as never as { ended: string[] }).ended);

  before(async () => {
    h = await openStage();
    h.files.set('wide.png', { body: await twoTone(400, 100, 'vertical'), type: 'image/png' });
    h.files.set('tall.png', { body: await twoTone(200, 400, 'horizontal'), type: 'image/png' });
    h.files.set('clip.mp4', { body: await makeH264Mp4(3), type: 'video/mp4' });
    h.files.set('page.html', { body: Buffer.from('<!doctype html><title>Menu</title><h1>Menu of the day</h1>'), type: 'text/html' });
  });
  after(() => h?.close());

  it('shows an image with each fit mode the server sends', async () => {
    // A 4:1 picture, red left half and blue right half, on a 16:9 stage.
    await show(item({ key: 'contain', kind: 'image', src: `${h.base}/media/wide.png`, fitMode: 'contain' }));
    expect(await showing()).to.deep.equal({ item: 'contain', kind: 'image' });
    let shot = await screenshot();
    expect([shot.at(480, 20), shot.at(240, 270), shot.at(720, 270)], 'contain: letterboxed, whole picture').to.deep.equal(['black', 'red', 'blue']);

    await show(item({ key: 'cover', kind: 'image', src: `${h.base}/media/wide.png`, fitMode: 'cover' }));
    shot = await screenshot();
    // Cover fills the height and crops the sides: both halves still meet in the middle.
    expect([shot.at(470, 5), shot.at(5, 270), shot.at(955, 270), shot.at(470, 535)], 'cover: no bars').to.deep.equal(['red', 'red', 'blue', 'red']);

    await show(item({ key: 'stretch', kind: 'image', src: `${h.base}/media/wide.png`, fitMode: 'stretch' }));
    shot = await screenshot();
    expect([shot.at(5, 5), shot.at(955, 535), shot.at(470, 5), shot.at(490, 535)], 'stretch: fills, halves at the middle').to.deep.equal([
      'red',
      'blue',
      'red',
      'blue',
    ]);
  });

  it('rejects an item it cannot show and keeps the one on screen', async () => {
    await show(item({ key: 'keep', kind: 'image', src: `${h.base}/media/wide.png` }));
    const failure = await attempt(item({ key: 'missing', kind: 'image', src: `${h.base}/media/nope.png` }));
    expect(failure).to.equal('rejected');
    expect(await showing()).to.deep.equal({ item: 'keep', kind: 'image' });
  });

  it('plays a video at its volume from its start offset and ends it at its end offset', async () => {
    await show(
      item({
        key: 'video',
        kind: 'video',
        src: `${h.base}/media/clip.mp4`,
        durationMs: undefined,
        audioEnabled: true,
        volume: 0.4,
        videoStartOffsetMs: 1000,
        videoEndOffsetMs: 2000,
      }),
    );
    expect(await showing()).to.deep.equal({ item: 'video', kind: 'video' });
    const state = await h.page.evaluate(() => {
      const v = document.querySelector('video')!;
      return { paused: v.paused, volume: v.volume, muted: v.muted, at: v.currentTime };
    });
    expect(state.paused).to.equal(false);
    expect(state.volume).to.be.closeTo(0.4, 0.001);
    expect(state.muted).to.equal(false);
    expect(state.at).to.be.at.least(1);
    await h.page.waitForFunction(() => (window as never as { ended: string[] }).ended.includes('video'));
    const end = await h.page.evaluate(() => {
      const v = document.querySelector('video')!;
      return { paused: v.paused, at: v.currentTime };
    });
    expect(end.paused, 'stopped at the end offset').to.equal(true);
    expect(end.at).to.be.at.least(2).and.below(3);
    expect((await ended()).filter((k) => k === 'video')).to.have.length(1);
  });

  it('gives up on an item that never gets ready, so playback can move on', async () => {
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
        item({ key: 'stalled', kind: 'video', src: `${h.base}/stall/clip.mp4` }),
      );
      await page.clock.runFor(31_000);
      expect(await outcome).to.equal('rejected: video not ready after 30000 ms');
      expect(await page.evaluate(() => document.querySelectorAll('video, .stage-layer').length)).to.equal(0);
    } finally {
      await page.close();
    }
  });

  it('names a video its decoder refuses as a decoder failure, so proof of play can tell it from other failures', async () => {
    h.files.set('garbage.mp4', { body: Buffer.alloc(64 * 1024, 0x5a), type: 'video/mp4' });
    const refused = await h.page.evaluate(
      (x) =>
        (window as never as { showItem(i: StageItem): Promise<void> })
          .showItem(x)
          .then(() => 'shown')
          .catch((e: Error) => e.name),
      item({ key: 'garbage', kind: 'video', src: `${h.base}/media/garbage.mp4` }),
    );
    expect(refused).to.equal('DecoderFailure');
  });

  it('plays a video without audio muted', async () => {
    await show(item({ key: 'silent', kind: 'video', src: `${h.base}/media/clip.mp4`, audioEnabled: false, volume: 1 }));
    expect(await h.page.evaluate(() => document.querySelector('video')!.muted)).to.equal(true);
  });

  it('ends a timed item once, when its duration passes', async () => {
    await show(item({ key: 'short', kind: 'image', src: `${h.base}/media/tall.png`, durationMs: 200 }));
    await h.page.waitForFunction(() => (window as never as { ended: string[] }).ended.includes('short'));
    await show(item({ key: 'after-short', kind: 'image', src: `${h.base}/media/wide.png` }));
    expect((await ended()).filter((k) => k === 'short')).to.have.length(1);
  });

  it('shows a website in a frame once it has loaded', async () => {
    await show(item({ key: 'site', kind: 'website', src: `${h.base}/media/page.html` }));
    expect(await showing()).to.deep.equal({ item: 'site', kind: 'website' });
    const heading = await h.page.frameLocator('iframe').locator('h1').textContent();
    expect(heading).to.equal('Menu of the day');
    // A page of the player's own origin cannot reach into the player (its storage holds the credential).
    const reach = await h.page.frames()[1]!.evaluate(() => {
      try {
        return window.parent.document.title === undefined ? 'none' : 'reached';
      } catch {
        return 'blocked';
      }
    });
    expect(reach).to.equal('blocked');
  });

  it('captures a website as a frame naming it (another page’s pixels cannot be read)', async () => {
    await show(item({ key: 'site-captured', kind: 'website', src: `${h.base}/media/page.html` }));
    const bytes = await capture();
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xff, 0xd8, 0xff]);
    const picture = await pixels(bytes);
    expect(picture.at(picture.width / 2, 10)).to.equal('other');
  });

  for (const transition of ['fade', 'crossfade', 'none']) {
    it(`leaves exactly one item on screen after a ${transition} transition`, async () => {
      await show(item({ key: `${transition}-a`, kind: 'image', src: `${h.base}/media/wide.png`, transition }));
      await show(item({ key: `${transition}-b`, kind: 'image', src: `${h.base}/media/tall.png`, transition }));
      const layers = await h.page.evaluate(() =>
        [...document.querySelectorAll('.stage-layer')].map((l) => ({ opacity: getComputedStyle(l).opacity, src: l.querySelector('img')?.getAttribute('src') })),
      );
      expect(layers).to.deep.equal([{ opacity: '1', src: `${h.base}/media/tall.png` }]);
      expect(await showing()).to.deep.equal({ item: `${transition}-b`, kind: 'image' });
    });
  }

  it('releases what it showed: the DOM and media elements do not grow over many shows', async () => {
    const count = () =>
      h.page.evaluate(() => ({
        nodes: document.getElementsByTagName('*').length,
        media: document.querySelectorAll('img, video, iframe').length,
      }));
    // Ending on the image each round, as the superseded show below does: counts compare like with like.
    const kinds: StageItem[] = [
      item({ key: 'v', kind: 'video', src: `${h.base}/media/clip.mp4` }),
      item({ key: 'w', kind: 'website', src: `${h.base}/media/page.html`, transition: 'fade' }),
      item({ key: 'i', kind: 'image', src: `${h.base}/media/wide.png`, transition: 'crossfade' }),
    ];
    for (const k of kinds) await show(k);
    const first = await count();
    for (let round = 0; round < 8; round++) for (const k of kinds) await show({ ...k, key: `${k.key}${round}`, itemId: `${k.key}${round}` });
    expect(await count()).to.deep.equal(first);
    expect(first.media).to.equal(1);
    // A superseded show (its successor asked before it was ready) settles and leaves nothing behind.
    await h.page.evaluate(
      ([a, b]) => {
        const w = window as never as { showItem(i: StageItem): Promise<void> };
        return Promise.all([w.showItem(a!), w.showItem(b!)]);
      },
      [item({ key: 'lost', kind: 'video', src: `${h.base}/media/clip.mp4` }), item({ key: 'won', kind: 'image', src: `${h.base}/media/wide.png` })],
    );
    expect(await count()).to.deep.equal(first);
    expect(await showing()).to.deep.equal({ item: 'won', kind: 'image' });
  });

  it('turns a 1920×1080 screen to portrait, content included', async () => {
    await h.page.setViewportSize({ width: 1920, height: 1080 });
    try {
      await h.page.evaluate(() => (window as never as { stage: { applyScreen(o: { rotation: number }): void } }).stage.applyScreen({ rotation: 90 }));
      // Red top half, blue bottom half, stretched over the portrait frame.
      await show(item({ key: 'portrait', kind: 'image', src: `${h.base}/media/tall.png`, fitMode: 'stretch' }));
      const frame = await h.page.evaluate(() => {
        const f = document.querySelector<HTMLElement>('.stage-frame')!;
        const r = f.getBoundingClientRect();
        return { width: f.clientWidth, height: f.clientHeight, box: [r.left, r.top, r.width, r.height] };
      });
      expect(frame).to.deep.equal({ width: 1080, height: 1920, box: [0, 0, 1920, 1080] });
      const shot = await screenshot();
      // Turned a quarter clockwise: the picture's top is on the screen's right.
      expect([shot.at(1800, 540), shot.at(100, 540)]).to.deep.equal(['red', 'blue']);
    } finally {
      await h.page.evaluate(() => (window as never as { stage: { applyScreen(o: { rotation: number }): void } }).stage.applyScreen({ rotation: 0 }));
      await h.page.setViewportSize({ width: 960, height: 540 });
    }
  });

  it('captures what is on screen as a JPEG of at most 500 KB', async () => {
    await show(item({ key: 'captured', kind: 'image', src: `${h.base}/media/wide.png`, fitMode: 'stretch' }));
    const bytes = await capture();
    expect([...bytes.subarray(0, 3)]).to.deep.equal([0xff, 0xd8, 0xff]);
    expect(bytes.length).to.be.at.most(500 * 1024);
    const picture = await pixels(bytes);
    expect(picture.width / picture.height).to.be.closeTo(16 / 9, 0.01);
    expect([picture.width, picture.height]).to.deep.equal([960, 540]);
    expect([picture.at(10, picture.height / 2), picture.at(picture.width - 10, picture.height / 2)]).to.deep.equal(['red', 'blue']);
  });

  it('keeps a capture of a busy 1080p picture within what the server takes: 960×540 at most, 500 KB at most', async () => {
    // Random pixels: the hardest picture to compress.
    const [width, height] = [1280, 720];
    const noise = randomBytes(width * height * 3);
    h.files.set('noise.png', {
      body: await sharp(noise, { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer(),
      type: 'image/png',
    });
    await h.page.setViewportSize({ width: 1920, height: 1080 });
    try {
      await show(item({ key: 'noise', kind: 'image', src: `${h.base}/media/noise.png`, fitMode: 'stretch' }));
      const bytes = await capture();
      expect(bytes.length).to.be.at.most(500 * 1024);
      const { width: w, height: ht } = await sharp(bytes).metadata();
      expect([w, ht]).to.deep.equal([960, 540]);
    } finally {
      await h.page.setViewportSize({ width: 960, height: 540 });
    }
  });

  it('shows the pairing code, the organisation and a QR code of the approval link', async () => {
    const approvalUrl = 'https://signage.example.org/screens/pair/7KQ4MZ';
    await h.page.evaluate((p) => (window as never as { stage: { showPairing(p: unknown): void } }).stage.showPairing(p), {
      code: '7KQ4MZ',
      approvalUrl,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      organizationName: 'Riverside Library',
    });
    const text = await h.page.locator('.stage-pairing').textContent();
    expect(text).to.contain('7KQ 4MZ').and.contain('Riverside Library').and.contain(approvalUrl).and.contain('expires');
    expect(await showing()).to.deep.equal({ item: undefined, kind: undefined });
    // Readable across a room: the code's letters stand over a tenth of the screen's height.
    const codeBox = await h.page.locator('.pairing-code').boundingBox();
    expect(codeBox!.height / 540).to.be.above(0.1);
    // The QR reads as the approval link: every module drawn dark or light as the code says.
    const expected = QRCode.create(approvalUrl, { errorCorrectionLevel: 'M' }).modules;
    const drawn = await h.page.evaluate((size) => {
      const canvas = document.querySelector<HTMLCanvasElement>('.pairing-qr')!;
      const ctx = canvas.getContext('2d')!;
      const cell = canvas.width / (size + 8);
      const dark: boolean[] = [];
      for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) dark.push(ctx.getImageData((c + 4.5) * cell, (r + 4.5) * cell, 1, 1).data[0]! < 128);
      return dark;
    }, expected.size);
    expect(drawn).to.deep.equal(Array.from(expected.data, (d) => d === 1));
  });

  it('behaves as a screen: no cursor, no scroll bars, no text selection', async () => {
    const style = await h.page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return { cursor: body.cursor, select: body.userSelect, overflow: body.overflow, scrolls: document.documentElement.scrollHeight > innerHeight };
    });
    expect(style).to.deep.equal({ cursor: 'none', select: 'none', overflow: 'hidden', scrolls: false });
  });

  it('names the screen over what plays for the seconds asked', async () => {
    const page = await h.browser.newPage();
    try {
      await page.goto(`${h.base}/`);
      await page.waitForFunction(() => 'stage' in window);
      await page.evaluate(
        (src) => (window as never as { showItem(i: unknown): Promise<void> }).showItem(src),
        item({ key: 'under', kind: 'image', src: `${h.base}/media/wide.png` }),
      );
      // The page's clock is the test's only from here: with it installed before the page loaded,
      // a slow machine could leave the waits above polling on a clock that never moves.
      await page.clock.install();
      await page.evaluate(() => (window as never as { stage: { identify(s: number, l: string): void } }).stage.identify(30, 'Lobby left'));
      expect(await page.getByRole('status').textContent()).to.equal('Lobby left');
      expect(await page.evaluate(() => document.getElementById('root')!.dataset.showingItem)).to.equal('under');
      await page.clock.runFor(29_000);
      expect(await page.getByRole('status').isVisible()).to.equal(true);
      await page.clock.runFor(2_000);
      expect(await page.getByRole('status').isVisible()).to.equal(false);
    } finally {
      await page.close();
    }
  });
});
