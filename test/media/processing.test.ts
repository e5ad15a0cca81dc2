import { eventually } from '../support/wait.js';
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { coreModules } from '../../core-modules/index.js';
import { hasFastStart, probeVideo } from '../../core-modules/media/processing/probe.js';
import { resolveMediaTools } from '../../kernel/media-tools.js';
import { consoleCall, setUpOwner, type ConsoleSession } from '../support/console-client.js';
import { assertReady, createQueuedAsset, mediaDeps, snapshot, variantOf, waitForAsset, type AssetSnapshot } from '../support/media-assets.js';
import { makeGif, makeH264Mp4, makeHugePng, makePng, makeRotatedJpeg, makeVp9Webm, makeWebp } from '../support/media-files.js';
import { bootTestKernel, type TestKernel } from '../support/test-kernel.js';

const tools = resolveMediaTools({});
const scratch = mkdtempSync(join(tmpdir(), 'processing-test-'));

/** An ffmpeg-made clip; `args` are everything between the inputs and the output file. */
async function clip(name: string, args: string[]): Promise<Buffer> {
  const out = join(scratch, name);
  await promisify(execFile)(tools.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args, out], { timeout: 60_000 });
  return readFileSync(out);
}

async function stored(k: TestKernel, key: string): Promise<Buffer> {
  return buffer(await mediaDeps(k).storage.get(key));
}

/** Writes a stored object to a temp file, for ffprobe. */
async function storedFile(k: TestKernel, key: string, name: string): Promise<string> {
  const path = join(scratch, name);
  writeFileSync(path, await stored(k, key));
  return path;
}

function expectThumbnail(snap: AssetSnapshot, kind: 'thumbnail' | 'poster' = 'thumbnail') {
  const preview = variantOf(snap, kind);
  expect(preview, kind).to.include({ mime_type: 'image/webp', player_compatible: false });
  expect(preview!.width).to.be.at.most(480);
  expect(preview!.height).to.be.at.most(270);
  return preview!;
}

describe('media processing', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let owner: ConsoleSession;

  before(async () => {
    k = await bootTestKernel({ plugins: coreModules });
    owner = await setUpOwner(k);
  });
  after(async () => {
    await k?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  describe('images', () => {
    it('PNG: a WebP thumbnail and a PNG playback variant that keeps the alpha channel', async () => {
      const asset = await createQueuedAsset(k, { bytes: await makePng(1200, 800), ext: '.png', type: 'image', mimeType: 'image/png' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(snap.asset).to.include({ processing_status: 'ready', width: 1200, height: 800, processing_progress: null, error_code: null });
      expect(snap.asset.metadata).to.include({ format: 'png', hasAlpha: true, animated: false });
      expect(expectThumbnail(snap)).to.include({ width: 405, height: 270 });
      const playback = variantOf(snap, 'playback')!;
      expect(playback).to.include({ mime_type: 'image/png', width: 1200, height: 800, player_compatible: true });
      expect(variantOf(snap, 'original')).to.include({ player_compatible: false, width: 1200, height: 800 });
      const bytes = await stored(k, playback.storage_key);
      expect(bytes.length).to.equal(Number(playback.file_size));
      expect((await sharp(bytes).metadata()).hasAlpha).to.equal(true);
    });

    it('JPEG with EXIF orientation 6: the playback variant is portrait, upright and carries no EXIF', async () => {
      const asset = await createQueuedAsset(k, { bytes: await makeRotatedJpeg(800, 400), ext: '.jpg', type: 'image', mimeType: 'image/jpeg' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(snap.asset).to.include({ processing_status: 'ready', width: 400, height: 800 });
      expect(expectThumbnail(snap)).to.include({ width: 135, height: 270 });
      const playback = variantOf(snap, 'playback')!;
      expect(playback).to.include({ mime_type: 'image/jpeg', width: 400, height: 800, player_compatible: true });
      const meta = await sharp(await stored(k, playback.storage_key)).metadata();
      expect(meta.height).to.be.greaterThan(meta.width);
      expect(meta.orientation).to.equal(undefined);
      expect(meta.exif).to.equal(undefined);
    });

    it('WebP: ready with a thumbnail and a WebP playback variant', async () => {
      const asset = await createQueuedAsset(k, { bytes: await makeWebp(640, 360), ext: '.webp', type: 'image', mimeType: 'image/webp' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(snap.asset.processing_status).to.equal('ready');
      expectThumbnail(snap);
      expect(variantOf(snap, 'playback')).to.include({ mime_type: 'image/webp', width: 640, height: 360, player_compatible: true });
    });

    it('GIF: the original is the playback file (within 4K), with a thumbnail', async () => {
      const asset = await createQueuedAsset(k, { bytes: await makeGif(64, 32), ext: '.gif', type: 'image', mimeType: 'image/gif' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(snap.asset.processing_status).to.equal('ready');
      expectThumbnail(snap);
      expect(variantOf(snap, 'playback')).to.equal(undefined);
      expect(variantOf(snap, 'original')).to.include({ player_compatible: true, width: 64, height: 32 });
    });

    it('fits large images inside 4K by side', async () => {
      const jpeg = await sharp({ create: { width: 5000, height: 1000, channels: 3, background: { r: 9, g: 99, b: 199 } } })
        .jpeg()
        .toBuffer();
      const asset = await createQueuedAsset(k, { bytes: jpeg, ext: '.jpg', type: 'image', mimeType: 'image/jpeg' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(variantOf(snap, 'playback')).to.include({ width: 3840, height: 768 });
      expect(expectThumbnail(snap)).to.include({ width: 480, height: 96 });
    });
  });

  describe('videos', () => {
    it('H.264/AAC MP4 with faststart: the original plays as it is, and a poster is taken', async () => {
      const asset = await createQueuedAsset(k, { bytes: await makeH264Mp4(2), ext: '.mp4', type: 'video', mimeType: 'video/mp4' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(snap.asset).to.include({ processing_status: 'ready', width: 320, height: 240, video_codec: 'h264', audio_codec: 'aac', audio_channels: 1 });
      expect(snap.asset.duration_seconds).to.be.closeTo(2, 0.1);
      expect(snap.asset.frame_rate).to.equal(25);
      expect(snap.asset.metadata).to.deep.include({ container: 'mp4', fastStart: true, compatibilityAction: 'original', compatibilityReasons: [] });
      expect(variantOf(snap, 'original')).to.include({ player_compatible: true, video_codec: 'h264' });
      expect(variantOf(snap, 'playback'), 'no transcode').to.equal(undefined);
      expect(expectThumbnail(snap, 'poster')).to.include({ width: 320, height: 240 });
    });

    it('VP9 WebM: transcoded to an H.264 MP4 of the same length', async () => {
      const asset = await createQueuedAsset(k, { bytes: await makeVp9Webm(3), ext: '.webm', type: 'video', mimeType: 'video/x-matroska' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(snap.asset).to.include({ processing_status: 'ready', video_codec: 'vp9', audio_codec: null, processing_progress: null });
      expect(snap.asset.metadata).to.include({ compatibilityAction: 'transcode' });
      // testsrc is RGB, so libvpx also picks a 4:4:4 pixel format.
      expect(snap.asset.metadata.compatibilityReasons).to.include.members(['unsupported_video_codec', 'unsuitable_container']);
      expect(variantOf(snap, 'original')).to.include({ player_compatible: false });
      expectThumbnail(snap, 'poster');
      const playback = variantOf(snap, 'playback')!;
      expect(playback).to.include({ mime_type: 'video/mp4', video_codec: 'h264', player_compatible: true, width: 320, height: 240 });
      const file = await storedFile(k, playback.storage_key, 'vp9-playback.mp4');
      const probe = await probeVideo(tools.ffprobePath, file);
      expect(probe).to.include({ container: 'mp4', videoCodec: 'h264', pixelFormat: 'yuv420p' });
      expect(probe.durationSeconds).to.be.closeTo(snap.asset.duration_seconds!, 0.15);
      expect(await hasFastStart(file)).to.equal(true);
    });

    it('H.264 MP4 with its index at the end: remuxed, not re-encoded', async () => {
      const bytes = await clip('late-index.mp4', [
        '-f',
        'lavfi',
        '-i',
        'testsrc=duration=2:size=320x240:rate=25',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-pix_fmt',
        'yuv420p',
      ]);
      const asset = await createQueuedAsset(k, { bytes, ext: '.mp4', type: 'video', mimeType: 'video/mp4' });
      const snap = await waitForAsset(k, asset.id);
      assertReady(k, snap);
      expect(snap.asset.processing_status).to.equal('ready');
      expect(snap.asset.metadata).to.deep.include({ fastStart: false, compatibilityAction: 'remux', compatibilityReasons: ['missing_fast_start'] });
      const playback = variantOf(snap, 'playback')!;
      expect(playback).to.include({ video_codec: 'h264', player_compatible: true });
      expect(await hasFastStart(await storedFile(k, playback.storage_key, 'remuxed.mp4'))).to.equal(true);
    });
  });

  describe('failures and retry', () => {
    let corruptId: string;

    it('a damaged file fails with a code and a message a person can read', async () => {
      const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(4096)]);
      const asset = await createQueuedAsset(k, { bytes, ext: '.png', type: 'image', mimeType: 'image/png' });
      corruptId = asset.id;
      const snap = await waitForAsset(k, asset.id);
      expect(snap.asset).to.include({ processing_status: 'failed', error_code: 'media_inspection_failed', processing_progress: null });
      expect(snap.asset.error_message).to.equal('The image could not be read; the file may be damaged or truncated.');
      expect(snap.variants.map((v) => v.kind)).to.deep.equal(['original']);
    });

    it('an image over the pixel limit fails as too large, naming the limit', async () => {
      const asset = await createQueuedAsset(k, { bytes: makeHugePng(20_000, 20_000), ext: '.png', type: 'image', mimeType: 'image/png' });
      const snap = await waitForAsset(k, asset.id);
      expect(snap.asset).to.include({ processing_status: 'failed', error_code: 'image_too_large' });
      expect(snap.asset.error_message).to.equal('The image is 20000 × 20000 pixels (400 MP); the limit is 100 MP (100,000,000 pixels).');
    });

    it('POST /assets/{id}/retry requeues a failed asset, which is inspected (and fails) again', async () => {
      const res = await consoleCall(k, owner, 'POST', `/api/v1/assets/${corruptId}/retry`);
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ id: corruptId, processingStatus: 'queued' });
      expect(res.body.data).not.to.have.any.keys('errorCode', 'errorMessage');
      expect(JSON.stringify(res.body)).not.to.match(/storage_?[kK]ey|assets\//);
      const snap = await waitForAsset(k, corruptId);
      expect(snap.asset).to.include({ processing_status: 'failed', error_code: 'media_inspection_failed' });
      expect(snap.asset.updated_at.getTime()).to.be.greaterThan(Date.parse(res.body.data.updatedAt) - 1);
    });

    it('refuses to retry an asset that is not failed, an unknown one, and anonymous callers', async () => {
      const ready = await createQueuedAsset(k, { bytes: await makePng(32, 32), ext: '.png', type: 'image', mimeType: 'image/png' });
      assertReady(k, await waitForAsset(k, ready.id));
      const refused = await consoleCall(k, owner, 'POST', `/api/v1/assets/${ready.id}/retry`);
      expect(refused.status).to.equal(422);
      expect(refused.body.error).to.include({ code: 'validation_failed', message: 'Only a failed asset can be retried; this one is ready.' });
      expect((await snapshot(k, ready.id)).asset.processing_status).to.equal('ready');
      expect((await consoleCall(k, owner, 'POST', `/api/v1/assets/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}/retry`)).status).to.equal(404);
      expect((await consoleCall(k, undefined, 'POST', `/api/v1/assets/${ready.id}/retry`)).status).to.equal(401);
    });

    it('runs a redelivered step harmlessly: the asset stays ready with the same variants', async () => {
      const asset = await createQueuedAsset(k, { bytes: await makePng(64, 64), ext: '.png', type: 'image', mimeType: 'image/png' });
      const before = await waitForAsset(k, asset.id);
      const { jobs } = mediaDeps(k);
      const queuedBefore = (await jobsOf(k, asset.id)).length;
      for (const name of ['media.inspect-asset', 'media.image-thumbnail', 'media.image-playback']) await jobs.send(name, { assetId: asset.id });
      // The three have run, and whatever they queued in turn.
      const ran = await eventually(
        () => jobsOf(k, asset.id),
        (all) => all.length >= queuedBefore + 3 && all.every(settled),
        30_000,
      );
      expect(ran.filter((j) => !settled(j))).to.deep.equal([]);
      const after = await snapshot(k, asset.id);
      expect(after.asset.processing_status).to.equal('ready');
      expect(after.variants.map((v) => [v.kind, v.sha256])).to.deep.equal(before.variants.map((v) => [v.kind, v.sha256]));
    });
  });

  describe('stalled assets', () => {
    it('an asset left in a processing state with no job for a day becomes failed; a recent one is left alone', async () => {
      const stale = await createQueuedAsset(k, { bytes: await makePng(16, 16), ext: '.png', type: 'image', mimeType: 'image/png' }, { send: false });
      const fresh = await createQueuedAsset(k, { bytes: await makePng(16, 16), ext: '.png', type: 'image', mimeType: 'image/png' }, { send: false });
      await k
        .db('assets')
        .where({ id: stale.id })
        .update({ processing_status: 'processing', updated_at: new Date(Date.now() - 25 * 3600_000) });
      await k.db('assets').where({ id: fresh.id }).update({ processing_status: 'processing' });
      expect(await mediaDeps(k).processingService.failStalled()).to.equal(1);
      expect((await snapshot(k, stale.id)).asset).to.include({
        processing_status: 'failed',
        error_code: 'media_processing_failed',
        error_message: 'Processing stopped and did not resume; retry the asset.',
      });
      expect((await snapshot(k, fresh.id)).asset.processing_status).to.equal('processing');
      await k.db('assets').where({ id: fresh.id }).update({ processing_status: 'failed' });
    });
  });

  describe('deleting files', () => {
    it('removes every stored object of an asset being deleted, then marks it deleted; a live asset is left alone', async () => {
      const { assetsRepository, jobs, storage } = mediaDeps(k);
      const list = async (id: string) => {
        const keys: string[] = [];
        for await (const key of storage.list(`assets/${id}/`)) keys.push(key);
        return keys;
      };
      const live = await createQueuedAsset(k, { bytes: await makePng(40, 40), ext: '.png', type: 'image', mimeType: 'image/png' });
      const doomed = await createQueuedAsset(k, { bytes: await makePng(40, 40), ext: '.png', type: 'image', mimeType: 'image/png' });
      await waitForAsset(k, live.id);
      await waitForAsset(k, doomed.id);
      expect(await list(doomed.id)).to.have.length(3);
      await assetsRepository.transition(doomed.id, 'deleting');
      await jobs.send('media.delete-files', { assetId: doomed.id });
      await jobs.send('media.delete-files', { assetId: live.id });
      await eventually(
        async () => (await k.db('assets').where({ id: doomed.id }).first()).processing_status,
        (s) => s === 'deleted',
        20_000,
      );
      expect((await k.db('assets').where({ id: doomed.id }).first()).processing_status).to.equal('deleted');
      expect(await list(doomed.id)).to.deep.equal([]);
      // The live asset's job has run too, and left its files alone.
      const liveJobs = await eventually(
        async () => (await jobsOf(k, live.id)).filter((j) => j.name === 'media.delete-files'),
        (all) => all.length === 1 && all.every(settled),
        20_000,
      );
      expect(liveJobs.map(settled)).to.deep.equal([true]);
      expect(await list(live.id)).to.have.length(3);
      expect((await snapshot(k, live.id)).asset.processing_status).to.equal('ready');
    });
  });

  describe('a server restart during a transcode', () => {
    it('reports progress, and the asset ends ready on the next server', async function () {
      // Two boots, a 20 s clip to make and a transcode that has to outlast a shutdown (and another
      // on the next server): slow on a busy 2-core machine.
      this.timeout(240_000);
      const dataDir = mkdtempSync(join(tmpdir(), 'signage-restart-'));
      let first: TestKernel | undefined;
      let second: TestKernel | undefined;
      try {
        first = await bootTestKernel({ plugins: coreModules, dataDir });
        const { databaseUrl } = first;
        const bytes = await clip('long.webm', [
          '-f',
          'lavfi',
          '-i',
          'testsrc2=duration=20:size=960x540:rate=30',
          '-c:v',
          'libvpx-vp9',
          '-b:v',
          '800k',
          '-deadline',
          'realtime',
          '-cpu-used',
          '8',
        ]);
        const asset = await createQueuedAsset(first, { bytes, ext: '.webm', type: 'video', mimeType: 'video/x-matroska' });
        const seen: (number | null)[] = [];
        // Under way: a progress figure past 0. Then the server stops mid-transcode.
        await waitUntil(
          first,
          asset.id,
          (a) => (a.processing_progress ?? 0) > 0 || !['queued', 'inspecting', 'processing'].includes(a.processing_status),
          seen,
        );
        const interrupted = (await snapshot(first, asset.id)).asset;
        expect(interrupted.processing_status).to.equal('processing');
        expect(interrupted.processing_progress).to.be.within(1, 95);
        await first.stop();
        first = undefined;

        second = await bootTestKernel({ plugins: coreModules, databaseUrl, dataDir });
        const snap = await waitForAsset(second, asset.id, { timeoutMs: 200_000, seen, intervalMs: 200 });
        assertReady(second, snap);
        expect(snap.asset).to.include({ processing_status: 'ready', processing_progress: null, error_code: null });
        expect(
          second.logs.some((l) => l.job === 'media.video-optimize' && l.msg === 'job done'),
          'the new server ran the transcode',
        ).to.equal(true);
        const playback = variantOf(snap, 'playback')!;
        expect(playback).to.include({ mime_type: 'video/mp4', video_codec: 'h264', player_compatible: true, width: 960, height: 540 });
        expect(playback.duration_seconds).to.be.closeTo(20, 0.2);
        expectThumbnail(snap, 'poster');
        // The bar moved: several distinct percentages, all within 0–100.
        const percents = [...new Set(seen.filter((p): p is number => p !== null))];
        expect(percents.length).to.be.at.least(2);
        expect(percents.every((p) => p >= 0 && p <= 100)).to.equal(true);
      } finally {
        await first?.stop();
        await second?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
});

/** The jobs queued for an asset, from pg-boss's own table: each with its name and state. */
async function jobsOf(k: TestKernel, assetId: string): Promise<{ name: string; state: string }[]> {
  return (await k.db.raw(`SELECT name, state FROM pgboss.job WHERE data->>'assetId' = ?`, [assetId])).rows;
}

const settled = (job: { state: string }) => job.state === 'completed' || job.state === 'failed';

async function waitUntil(k: TestKernel, id: string, ok: (a: AssetSnapshot['asset']) => boolean, seen: (number | null)[]) {
  const asset = await eventually(
    async () => {
      const { asset } = await snapshot(k, id);
      seen.push(asset.processing_progress);
      return asset;
    },
    ok,
    60_000,
    100,
  );
  if (!ok(asset)) throw new Error(`asset ${id} is still ${asset.processing_status} (progress ${asset.processing_progress}) after 60 s`);
}
