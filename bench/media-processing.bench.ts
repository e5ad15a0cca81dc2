import type { MediaDeps } from '../core-modules/media/media-deps.js';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { coreModules } from '../core-modules/index.js';
import { storageKeys } from '../core-modules/media/media-types.js';
import { imagePlayback, imageThumbnail, inspectImage } from '../core-modules/media/processing/image-variants.js';
import { hasFastStart, probeVideo } from '../core-modules/media/processing/probe.js';
import { videoPoster } from '../core-modules/media/processing/video-variants.js';
import { optionalPlugins } from '../plugins/index.js';
import { bootKernel, type BenchResult, type Benchmark, type Measurement } from './support.js';

const run$ = promisify(execFile);
const ROUNDS = 3;
/** Upload finished → asset ready, as the console sees it; beyond this a library import feels stuck. */
const BUDGET_SECONDS = { jpeg: 15, h264: 15 };

type Deps = MediaDeps;

async function ffmpeg(path: string, args: string[]): Promise<void> {
  await run$(path, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { timeout: 300_000 });
}

/** A camera-sized photo: structured content plus grain, so JPEG sizes and decode costs are realistic. */
async function makePhoto(ffmpegPath: string, dir: string): Promise<Buffer> {
  const out = join(dir, 'photo.jpg');
  await ffmpeg(ffmpegPath, ['-f', 'lavfi', '-i', 'testsrc2=size=6000x4000:rate=1', '-vf', 'noise=alls=10:allf=t', '-frames:v', '1', '-q:v', '2', out]);
  return readFileSync(out);
}

/** 30 s of 1080p30 H.264/AAC with faststart, the most common upload: processing keeps the original. */
async function makeClip(ffmpegPath: string, dir: string): Promise<Buffer> {
  const out = join(dir, 'clip.mp4');
  await ffmpeg(ffmpegPath, [
    '-f',
    'lavfi',
    '-i',
    'testsrc2=duration=30:size=1920x1080:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:duration=30',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-movflags',
    '+faststart',
    '-shortest',
    out,
  ]);
  return readFileSync(out);
}

/** What a completed upload does (store the original, insert the queued asset, send inspect), then waits for ready. */
async function secondsToReady(deps: Deps, bytes: Buffer, file: { ext: string; type: 'image' | 'video'; mimeType: string }): Promise<number> {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const asset = await deps.assetsRepository.insert({ name: 'bench', type: file.type, detected_mime_type: file.mimeType, original_size: bytes.length, sha256 });
  const key = storageKeys.variant(asset.id, 'original', file.ext);
  await deps.storage.put(key, Readable.from([bytes]));
  await deps.assetsRepository.upsertVariant(asset.id, { kind: 'original', storage_key: key, mime_type: file.mimeType, file_size: bytes.length, sha256 });
  const started = performance.now();
  await deps.jobs.send('media.inspect-asset', { assetId: asset.id });
  for (;;) {
    const row = await deps.assetsRepository.byId(asset.id);
    if (row?.processing_status === 'ready') return (performance.now() - started) / 1000;
    if (row?.processing_status === 'failed') throw new Error(`the asset failed: ${row.error_code}: ${row.error_message}`);
    if (performance.now() - started > 600_000) throw new Error('the asset was not ready within 10 minutes');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The steps' own work on a local file, one after the other: what is left once queueing and storage copies are taken out. */
async function workSeconds(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

function measurement(label: string, seconds: number[]): Measurement {
  const sorted = [...seconds].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  // The report's columns are for request load; here one "request" is one asset taken to ready.
  return { label, rps: 1 / median, p50Ms: Math.round(median * 1000), p99Ms: Math.round(sorted.at(-1)! * 1000), requests: seconds.length };
}

async function run(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'signage-bench-media-'));
  // Every plugin, and role `all`: the web process's worker runs the jobs, as `npm start` does.
  const kernel = await bootKernel([...coreModules, ...optionalPlugins], { role: 'all' });
  try {
    const deps = kernel.kernel.containerOf('media').cradle as Deps;
    const { ffmpegPath } = deps.mediaTools;
    const version = (await run$(ffmpegPath, ['-version'])).stdout.split('\n')[0]!.replace(/\s*(https?:\/\/\S*|Copyright.*)/g, '');
    const makeStarted = performance.now();
    const photo = await makePhoto(ffmpegPath, dir);
    const clip = await makeClip(ffmpegPath, dir);
    const makeSeconds = (performance.now() - makeStarted) / 1000;
    const photoFile = join(dir, 'photo.jpg');
    const clipFile = join(dir, 'clip.mp4');
    const { ffprobePath } = deps.mediaTools;
    const jpeg: number[] = [];
    const h264: number[] = [];
    const jpegWork: number[] = [];
    const h264Work: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      jpeg.push(await secondsToReady(deps, photo, { ext: '.jpg', type: 'image', mimeType: 'image/jpeg' }));
      h264.push(await secondsToReady(deps, clip, { ext: '.mp4', type: 'video', mimeType: 'video/mp4' }));
      jpegWork.push(
        await workSeconds(async () => {
          await inspectImage(photoFile, 1e8);
          await imageThumbnail(photoFile, 1e8);
          await imagePlayback(photoFile, 1e8);
        }),
      );
      h264Work.push(
        await workSeconds(async () => {
          const probe = await probeVideo(ffprobePath, clipFile);
          await hasFastStart(clipFile);
          await videoPoster({ ffmpegPath, ffprobePath }, clipFile, dir, probe.durationSeconds);
        }),
      );
    }
    const mib = (b: Buffer) => (b.length / 1024 / 1024).toFixed(1);
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(2);
    const jpegM = measurement(`6000×4000 JPEG (${mib(photo)} MiB): ${median(jpeg)} s to ready`, jpeg);
    const h264M = measurement(`30 s 1080p H.264 (${mib(clip)} MiB): ${median(h264)} s to ready`, h264);
    const jpegW = measurement(`  of which work: inspect + thumbnail + playback ${median(jpegWork)} s`, jpegWork);
    const h264W = measurement(`  of which work: ffprobe + poster ${median(h264Work)} s`, h264Work);
    const check = (name: string, m: Measurement, budget: number) => {
      const value = budget / (m.p50Ms / 1000);
      return { name: `${name}: ${budget} s budget / median ${(m.p50Ms / 1000).toFixed(2)} s`, value, target: 1, pass: value >= 1 };
    };
    return {
      setup:
        `seconds from media.inspect-asset sent to status ready, ${ROUNDS} rounds each, one asset at a time; p50/p99 columns are median/worst ms, req/s is assets/s; "work" rows time the same steps called directly on a local file, in sequence. ` +
        `Jobs poll every 2 s (the default), so each of the two job hops may wait up to 2 s. ffmpeg: ${version} (${ffmpegPath.includes('node_modules') ? 'npm build' : ffmpegPath}); ` +
        `making the two files took ${makeSeconds.toFixed(1)} s`,
      measurements: [jpegM, jpegW, h264M, h264W],
      checks: [check('JPEG', jpegM, BUDGET_SECONDS.jpeg), check('H.264', h264M, BUDGET_SECONDS.h264)],
    };
  } finally {
    await kernel.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export const mediaProcessingBenchmark: Benchmark = { name: 'media-processing', run };
