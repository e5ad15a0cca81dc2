import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { timemarkSeconds } from '../../core-modules/media/processing/ffmpeg-process.js';
import { inspectImage, keepsOriginal } from '../../core-modules/media/processing/image-variants.js';
import type { FfprobeOutput } from '../../core-modules/media/processing/ffprobe-output.js';
import { hasFastStart, parseProbe, parseRate } from '../../core-modules/media/processing/probe.js';
import { processingJobs } from '../../core-modules/media/processing/processing.jobs.js';
import { MediaRejected, readableFailure, StepFailed } from '../../core-modules/media/processing/processing-errors.js';
import { decideCompatibility, playbackFrameRate, playbackSize, type VideoTraits } from '../../core-modules/media/processing/video-compatibility.js';
import { posterTime, transcodeJob } from '../../core-modules/media/processing/video-variants.js';

const playable: VideoTraits = {
  container: 'mp4',
  fastStart: true,
  videoCodec: 'h264',
  pixelFormat: 'yuv420p',
  audioCodec: 'aac',
  audioProfile: 'LC',
  width: 1920,
  height: 1080,
  frameRate: 60,
  rotation: 0,
};
const decide = (changes: Partial<VideoTraits>) => decideCompatibility({ ...playable, ...changes });

describe('video compatibility decision', () => {
  it('keeps an H.264/AAC-LC MP4 with its index first, up to 1080p60', () => {
    expect(decide({})).to.deep.equal({ action: 'original', reasons: [] });
    expect(decide({ audioCodec: null, audioProfile: null })).to.deep.equal({ action: 'original', reasons: [] });
    expect(decide({ frameRate: 59.94 }).action).to.equal('original');
    expect(decide({ frameRate: 60.02 }).action, 'a measured 60 fps').to.equal('original');
    expect(decide({ audioProfile: null }).action, 'unknown AAC profile taken as LC').to.equal('original');
  });

  it('measures size by side, so portrait 1080×1920 is as playable as landscape', () => {
    expect(decide({ width: 1080, height: 1920 }).action).to.equal('original');
    expect(decide({ width: 1920, height: 1200 })).to.deep.equal({ action: 'transcode', reasons: ['excessive_resolution'] });
    expect(decide({ width: 3840, height: 2160 }).reasons).to.deep.equal(['excessive_resolution']);
  });

  it('remuxes when only the container is wrong or the index comes last', () => {
    expect(decide({ container: 'matroska', fastStart: false })).to.deep.equal({ action: 'remux', reasons: ['unsuitable_container'] });
    expect(decide({ fastStart: false })).to.deep.equal({ action: 'remux', reasons: ['missing_fast_start'] });
  });

  it('transcodes anything out of profile, naming every reason', () => {
    expect(decide({ videoCodec: 'vp9', container: 'matroska', audioCodec: null, audioProfile: null })).to.deep.equal({
      action: 'transcode',
      reasons: ['unsupported_video_codec', 'unsuitable_container'],
    });
    expect(decide({ pixelFormat: 'yuv420p10le' }).reasons).to.deep.equal(['unsupported_pixel_format']);
    expect(decide({ pixelFormat: null }).reasons).to.deep.equal(['unsupported_pixel_format']);
    expect(decide({ audioCodec: 'opus', audioProfile: null }).reasons).to.deep.equal(['unsupported_audio_codec']);
    expect(decide({ audioProfile: 'HE-AAC' }).reasons).to.deep.equal(['unsupported_audio_profile']);
    expect(decide({ frameRate: 120 }).reasons).to.deep.equal(['excessive_frame_rate']);
    expect(decide({ rotation: 90 }).reasons).to.deep.equal(['rotation_metadata']);
    expect(decide({ videoCodec: 'hevc', width: 3840, height: 2160, fastStart: false })).to.deep.equal({
      action: 'transcode',
      reasons: ['unsupported_video_codec', 'excessive_resolution', 'missing_fast_start'],
    });
  });

  it('sizes the transcode to fit 1080p by side, even and never enlarged', () => {
    expect(playbackSize(3840, 2160)).to.deep.equal({ width: 1920, height: 1080 });
    expect(playbackSize(2160, 3840)).to.deep.equal({ width: 1080, height: 1920 });
    expect(playbackSize(4096, 2160)).to.deep.equal({ width: 1920, height: 1012 });
    expect(playbackSize(640, 360)).to.deep.equal({ width: 640, height: 360 });
    expect(playbackSize(321, 241)).to.deep.equal({ width: 320, height: 240 });
  });

  it('halves high frame rates into range and keeps the rest', () => {
    expect(playbackFrameRate(120)).to.equal(60);
    expect(playbackFrameRate(100)).to.equal(50);
    expect(playbackFrameRate(144)).to.equal(48);
    expect(playbackFrameRate(59.94)).to.equal(null);
    expect(playbackFrameRate(null)).to.equal(null);
  });

  it('builds a transcode that scales, caps the frame rate and keeps one audio track', () => {
    const job = transcodeJob('in.mkv', 'out.mp4', {
      ...playable,
      container: 'matroska',
      formatName: 'matroska,webm',
      durationSeconds: 10,
      width: 3840,
      height: 2160,
      displayWidth: 3840,
      displayHeight: 2160,
      frameRate: 120,
      videoCodec: 'vp9',
      videoProfile: null,
      pixelAspectRatio: null,
      displayAspectRatio: null,
      bitRate: null,
      audioChannels: 6,
      audioSampleRate: 48000,
    });
    expect(job.outputOptions.join(' ')).to.contain('-vf scale=1920:1080,setsar=1,fps=60');
    expect(job.outputOptions.join(' ')).to.contain('-c:v libx264 -preset medium -crf 21');
    expect(job.outputOptions.join(' ')).to.contain('-c:a aac -b:a 192k -ac 2');
    expect(job.outputOptions.join(' ')).to.contain('-movflags +faststart');
    expect(job).to.deep.include({ input: 'in.mkv', output: 'out.mp4' });
  });

  it('takes the poster 1 s in, or mid-clip for clips under 2 s', () => {
    expect(posterTime(30)).to.equal(1);
    expect(posterTime(1.2)).to.be.closeTo(0.6, 1e-9);
    expect(posterTime(null)).to.equal(0);
  });
});

describe('ffmpeg progress and ffprobe output', () => {
  it('reads ffmpeg progress timemarks', () => {
    expect(timemarkSeconds('00:01:02.25')).to.equal(62.25);
    expect(timemarkSeconds('01:00:00.00')).to.equal(3600);
    expect(timemarkSeconds('N/A')).to.equal(undefined);
    expect(timemarkSeconds(undefined)).to.equal(undefined);
  });

  it('parses rates, rotation and the displayed size', () => {
    expect(parseRate('30000/1001')).to.equal(29.97);
    expect(parseRate('0/0')).to.equal(null);
    expect(parseRate('25')).to.equal(25);
    const out: FfprobeOutput = {
      streams: [
        { codec_type: 'video', codec_name: 'mjpeg', width: 300, height: 300, disposition: { attached_pic: 1 } },
        {
          codec_type: 'video',
          codec_name: 'h264',
          profile: 'High',
          width: 1920,
          height: 1080,
          pix_fmt: 'yuv420p',
          avg_frame_rate: '30/1',
          sample_aspect_ratio: '1:1',
          side_data_list: [{ side_data_type: 'Display Matrix', rotation: -90 }],
        },
        { codec_type: 'audio', codec_name: 'aac', profile: 'LC', channels: 2, sample_rate: '48000' },
      ],
      format: { format_name: 'mov,mp4,m4a,3gp,3g2,mj2', duration: '12.5', bit_rate: '4000000' },
    };
    const probe = parseProbe(out);
    expect(probe).to.include({
      container: 'mp4',
      videoCodec: 'h264',
      rotation: 90,
      width: 1920,
      height: 1080,
      displayWidth: 1080,
      displayHeight: 1920,
      frameRate: 30,
      durationSeconds: 12.5,
    });
    expect(probe).to.include({ audioCodec: 'aac', audioProfile: 'LC', audioChannels: 2, audioSampleRate: 48000 });
    expect(parseProbe({ ...out, streams: [{ ...out.streams![1]!, side_data_list: undefined, tags: { rotate: '180' } }] }).rotation).to.equal(180);
    expect(() => parseProbe({ streams: [out.streams![2]!], format: out.format })).to.throw(MediaRejected, 'no video track');
  });

  it('tells whether an MP4 has its index before its media', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'faststart-'));
    const box = (type: string, bodyBytes: number) => {
      const b = Buffer.alloc(8 + bodyBytes);
      b.writeUInt32BE(8 + bodyBytes, 0);
      b.write(type, 4, 'latin1');
      return b;
    };
    const large = (type: string, bodyBytes: number) => {
      const b = Buffer.alloc(16 + bodyBytes);
      b.writeUInt32BE(1, 0);
      b.write(type, 4, 'latin1');
      b.writeBigUInt64BE(BigInt(16 + bodyBytes), 8);
      return b;
    };
    const check = (name: string, ...boxes: Buffer[]) => {
      writeFileSync(join(dir, name), Buffer.concat(boxes));
      return hasFastStart(join(dir, name));
    };
    try {
      expect(await check('a.mp4', box('ftyp', 16), box('moov', 40), box('mdat', 100))).to.equal(true);
      expect(await check('b.mp4', box('ftyp', 16), box('mdat', 100), box('moov', 40))).to.equal(false);
      expect(await check('c.mp4', box('ftyp', 16), large('free', 20), box('moov', 8)), '64-bit box size').to.equal(true);
      expect(await check('d.mp4', box('ftyp', 16))).to.equal(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('image inspection', () => {
  let dir: string;
  before(() => (dir = mkdtempSync(join(tmpdir(), 'inspect-image-'))));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, bytes: Buffer) => {
    writeFileSync(join(dir, name), bytes);
    return join(dir, name);
  };

  it('reports the displayed size of an EXIF-rotated photo', async () => {
    const jpeg = await sharp({ create: { width: 80, height: 40, channels: 3, background: 'red' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await inspectImage(file('r.jpg', jpeg), 1e8)).to.include({ format: 'jpeg', width: 40, height: 80, orientation: 6, frames: 1 });
  });

  it('refuses images over the pixel limit, counting every GIF frame, with a readable reason', async () => {
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    let err: unknown;
    await inspectImage(file('big.png', png), 10_000).catch((e: unknown) => (err = e));
    expect(err).to.be.instanceOf(MediaRejected).with.property('code', 'image_too_large');
    expect((err as Error).message).to.equal('The image is 200 × 100 pixels (0.02 MP); the limit is 0.01 MP (10,000 pixels).');
    const frame = (background: string) =>
      sharp({ create: { width: 50, height: 50, channels: 3, background } })
        .png()
        .toBuffer();
    const frames = await sharp([await frame('blue'), await frame('green')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const gif = file('anim.gif', frames);
    expect(await inspectImage(gif, 5_000)).to.include({ format: 'gif', frames: 2 });
    err = undefined;
    await inspectImage(gif, 4_000).catch((e: unknown) => (err = e));
    expect((err as Error).message).to.contain('in 2 frames');
  });

  it('refuses damaged files and formats other than JPEG, PNG, WebP and GIF', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const truncated = png.subarray(0, 60);
    const tiff = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .tiff()
      .toBuffer();
    for (const [name, bytes, message] of [
      ['t.png', truncated, 'could not be read'],
      ['x.tif', tiff, 'The file is a TIFF image; only JPEG, PNG, WebP and GIF images are accepted.'],
    ] as const) {
      let err: unknown;
      await inspectImage(file(name, bytes), 1e8).catch((e: unknown) => (err = e));
      expect(err, name).to.be.instanceOf(MediaRejected);
      expect((err as Error).message).to.contain(message);
      expect((err as Error).message).not.to.contain(dir);
    }
  });

  it('keeps only GIFs within 4K as their own playback file', () => {
    const info = { format: 'gif', width: 640, height: 480, orientation: 1, frames: 5, hasAlpha: false } as const;
    expect(keepsOriginal(info)).to.equal(true);
    expect(keepsOriginal({ ...info, width: 5000 })).to.equal(false);
    expect(keepsOriginal({ ...info, format: 'png' })).to.equal(false);
  });

  it('shows users only messages written for them', () => {
    expect(readableFailure(new StepFailed('Converting the video failed.', '/tmp/x: error'), 'fallback')).to.equal('Converting the video failed.');
    expect(readableFailure(new Error('ENOENT: /var/lib/x'), 'fallback')).to.equal('fallback');
  });
});

describe('processing job policy', () => {
  const inspect = processingJobs.find((j) => j.name === 'media.inspect-asset')!;
  const assetId = '7d1f2c9e-0a4b-4c5d-8e6f-1a2b3c4d5e6f';
  const harness = (error: Error) => {
    const failed: unknown[][] = [];
    const deps = {
      processingService: { inspect: async () => Promise.reject(error), fail: async (...args: unknown[]) => void failed.push(args) },
      logger: { warn: () => {} },
    } as never;
    return { failed, run: (retryCount: number) => inspect.handler({ assetId }, deps, { id: 'job-1', retryCount, signal: new AbortController().signal }) };
  };

  it('fails the asset at once when the file is the problem, without a retry', async () => {
    const h = harness(new MediaRejected('media_inspection_failed', 'The image could not be read; the file may be damaged or truncated.'));
    await h.run(0);
    expect(h.failed).to.deep.equal([[assetId, 'media_inspection_failed', 'The image could not be read; the file may be damaged or truncated.']]);
  });

  it('retries other failures, and the last attempt fails the asset with a message fit to show', async () => {
    const h = harness(new Error("ENOSPC: no space left on device, write '/tmp/signage-media-x/original.png'"));
    let thrown: unknown;
    await h.run(0).catch((e: unknown) => (thrown = e));
    expect(thrown, 'rethrown so pg-boss retries').to.be.instanceOf(Error);
    expect(h.failed).to.deep.equal([]);
    await h.run(inspect.retry!.limit).catch(() => {});
    expect(h.failed).to.have.length(1);
    expect(h.failed[0]![1]).to.equal('media_inspection_failed');
    expect(h.failed[0]![2]).to.match(/^The file could not be inspected because of a server problem/);
    expect(String(h.failed[0]![2])).not.to.contain('/tmp');
  });

  it('gives every step a retry policy and a run limit, and the transcode room for 6 hours', () => {
    for (const job of processingJobs.filter((j) => !j.cron)) {
      expect(job.retry?.limit, job.name).to.be.at.least(2);
      expect(job.expireInSeconds, job.name).to.be.a('number');
    }
    expect(processingJobs.find((j) => j.name === 'media.video-optimize')!.expireInSeconds).to.be.greaterThan(6 * 3600);
  });
});
