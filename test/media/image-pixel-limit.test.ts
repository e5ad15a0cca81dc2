import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { imageThumbnail, inspectImage } from '../../core-modules/media/processing/image-variants.js';
import { MediaRejected } from '../../core-modules/media/processing/processing-errors.js';
import { makeHugePng, makeJpeg } from '../support/media-files.js';

async function rejection(work: Promise<unknown>): Promise<MediaRejected> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).to.be.instanceOf(MediaRejected);
  return err as MediaRejected;
}

describe('images over the pixel limit', function () {
  this.timeout(60_000);
  let dir: string;
  let huge: Buffer;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'pixel-limit-'));
    huge = makeHugePng(20_000, 20_000);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is an intact image, only a large one', async () => {
    expect(huge.length).to.be.below(100_000);
    const pixels = await sharp(huge, { limitInputPixels: false }).resize(8, 8).raw().toBuffer();
    expect(
      [...pixels].every((v) => v === 0),
      'black',
    ).to.equal(true);
  });

  it('is refused as too large, naming its size and the limit, past the limit sharp applies itself', async () => {
    const file = join(dir, 'huge.png');
    writeFileSync(file, huge);
    const err = await rejection(inspectImage(file, 100_000_000));
    expect(err.code).to.equal('image_too_large');
    expect(err.message).to.equal('The image is 20000 × 20000 pixels (400 MP); the limit is 100 MP (100,000,000 pixels).');
  });

  it('is reported as too large when sharp refuses to decode it in a later step', async () => {
    const file = join(dir, 'photo.jpg');
    writeFileSync(file, await makeJpeg(2000, 1000));
    const err = await rejection(imageThumbnail(file, 1_000_000));
    expect(err.code).to.equal('image_too_large');
    expect(err.message).to.equal('The image has more pixels than the limit of 1 MP (1,000,000 pixels).');
  });
});
