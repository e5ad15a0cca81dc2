import { expect } from 'chai';
import { makeH264Mp4 } from '../support/media-files.js';
import { item, openStage, type StageHarness, stageCalls, twoTone } from './stage-harness.js';

type PageStage = { stage: { applyDisplay(o: object): void; showOutsideHours(s: object): void; clear(): void } };

describe('browser player stage: display control and the outside-hours screen (Chromium)', () => {
  let h: StageHarness;
  const { show, screenshot } = stageCalls(() => h);
  const applyDisplay = (o: { muted: boolean; volume: number; brightness: number }) =>
    h.page.evaluate((x) => (window as never as PageStage).stage.applyDisplay(x), o);
  const video = () =>
    h.page.evaluate(() => {
      const v = document.querySelector<HTMLVideoElement>('.stage-layer.visible video')!;
      return { volume: Math.round(v.volume * 100) / 100, muted: v.muted, paused: v.paused };
    });

  before(async () => {
    h = await openStage();
    h.files.set('wide.png', { body: await twoTone(400, 100, 'vertical'), type: 'image/png' });
    h.files.set('logo.png', { body: await twoTone(250, 76, 'vertical'), type: 'image/png' });
    h.files.set('clip.mp4', { body: await makeH264Mp4(20), type: 'video/mp4' });
  });
  after(() => h?.close());

  it('scales and mutes the videos it plays, those on screen and those shown later, and unmutes them again', async () => {
    const clip = (key: string) => item({ key, kind: 'video', src: `${h.base}/media/clip.mp4`, audioEnabled: true, volume: 0.8 });
    await show(clip('loud'));
    await applyDisplay({ muted: false, volume: 50, brightness: 100 });
    expect(await video()).to.deep.equal({ volume: 0.4, muted: false, paused: false });
    await applyDisplay({ muted: true, volume: 50, brightness: 100 });
    expect(await video()).to.include({ muted: true, paused: false });

    // The next item's video is made after the display was set: it plays by the same settings.
    await show(clip('next'));
    expect(await video()).to.deep.equal({ volume: 0.4, muted: true, paused: false });
    await applyDisplay({ muted: false, volume: 100, brightness: 100 });
    expect(await video()).to.deep.equal({ volume: 0.8, muted: false, paused: false });
  });

  it('dims the whole stage by the display brightness, to black at 0', async () => {
    await show(item({ key: 'picture', kind: 'image', src: `${h.base}/media/wide.png`, fitMode: 'stretch' }));
    await applyDisplay({ muted: false, volume: 100, brightness: 0 });
    let shot = await screenshot();
    expect([shot.at(200, 270), shot.at(700, 270)]).to.deep.equal(['black', 'black']);
    await applyDisplay({ muted: false, volume: 100, brightness: 50 });
    shot = await screenshot();
    // Half as bright: neither the picture's red nor black.
    expect(shot.at(200, 270)).to.equal('other');
    await applyDisplay({ muted: false, volume: 100, brightness: 100 });
    shot = await screenshot();
    expect([shot.at(200, 270), shot.at(700, 270)]).to.deep.equal(['red', 'blue']);
  });

  it('drifts the logo over black from corner to corner outside active hours, and leaves nothing running once cleared', async () => {
    await h.page.evaluate(
      (src) => (window as never as PageStage).stage.showOutsideHours({ display: 'bouncing_logo', logoSrc: src, text: 'Town hall', color: '#ffcc00' }),
      `${h.base}/media/logo.png`,
    );
    await h.page.waitForFunction(() => document.querySelector<HTMLImageElement>('.stage-outside-hours img')?.complete);
    // Each mover's animation, paused at an instant: where the logo is then.
    const logoAt = (fraction: number) =>
      h.page.evaluate((f) => {
        for (const a of document.getAnimations()) {
          a.pause();
          a.currentTime = f * Number(a.effect!.getTiming().duration);
        }
        const r = document.querySelector('.stage-outside-hours img')!.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom].map(Math.round);
      }, fraction);
    const [left, top] = await logoAt(0);
    expect([left, top]).to.deep.equal([0, 0]);
    const [, , right, bottom] = await logoAt(1);
    expect([right, bottom]).to.deep.equal([960, 540]);
    const [x, y, x2, y2] = await logoAt(0.5);
    expect(x! + x2!).to.be.closeTo(960, 2);
    expect(y! + y2!).to.be.closeTo(540, 2);
    const shot = await screenshot();
    expect([shot.at(470, 270), shot.at(490, 270), shot.at(10, 530), shot.at(950, 10)], 'the logo mid-screen, black around it').to.deep.equal([
      'red',
      'blue',
      'black',
      'black',
    ]);

    await h.page.evaluate(() => (window as never as PageStage).stage.clear());
    expect(await h.page.evaluate(() => [document.getAnimations().length, document.querySelectorAll('.stage-outside-hours').length])).to.deep.equal([0, 0]);
  });

  it('shows the outside-hours text centred in its colour', async () => {
    await h.page.evaluate(() => (window as never as PageStage).stage.showOutsideHours({ display: 'custom_text', text: 'Back at 8', color: '#ffcc00' }));
    const text = h.page.locator('.stage-outside-hours-text');
    expect(await text.textContent()).to.equal('Back at 8');
    expect(await text.evaluate((n) => getComputedStyle(n).color)).to.equal('rgb(255, 204, 0)');
    const box = (await text.boundingBox())!;
    expect(box.x + box.width / 2).to.be.closeTo(480, 2);
    expect(box.y + box.height / 2).to.be.closeTo(270, 2);
  });
});
