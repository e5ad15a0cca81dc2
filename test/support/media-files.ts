import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { resolveMediaTools } from '../../kernel/media-tools.js';

/**
 * Real media files made on the spot with sharp and ffmpeg (nothing binary is checked in).
 * Each returns the file's bytes.
 */
const tools = resolveMediaTools({});
const workDir = mkdtempSync(join(tmpdir(), 'signage-media-files-'));
process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));

export const makePng = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 1 } } })
    .png()
    .toBuffer();

export const makeWebp = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 200, b: 40 } } })
    .webp()
    .toBuffer();

export const makeGif = (width = 32, height = 32) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 40, b: 200 } } })
    .gif()
    .toBuffer();

/** A landscape JPEG whose EXIF says "rotate 90° clockwise" (orientation 6): it displays as portrait. */
export const makeRotatedJpeg = (width = 80, height = 40) =>
  sharp({ create: { width, height, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .toBuffer();

export const makeJpeg = (width = 640, height = 360) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 120, b: 20 } } })
    .jpeg()
    .toBuffer();

function ffmpeg(args: string[], out: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(tools.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-y', ...args, out], { timeout: 60_000 }, async (err) => {
      if (err) return reject(err);
      const { readFile } = await import('node:fs/promises');
      resolve(await readFile(out));
    });
  });
}

let counter = 0;
const outPath = (ext: string) => join(workDir, `clip-${++counter}${ext}`);

/** H.264/AAC MP4 with faststart: already playable, so processing keeps the original. */
export const makeH264Mp4 = (seconds = 2, size = '320x240') =>
  ffmpeg(
    [
      '-f',
      'lavfi',
      '-i',
      `testsrc=duration=${seconds}:size=${size}:rate=25`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-movflags',
      '+faststart',
      '-shortest',
    ],
    outPath('.mp4'),
  );

/** VP9 WebM: has to be transcoded to H.264 for players. */
export const makeVp9Webm = (seconds = 2, size = '320x240') =>
  ffmpeg(
    ['-f', 'lavfi', '-i', `testsrc=duration=${seconds}:size=${size}:rate=25`, '-c:v', 'libvpx-vp9', '-b:v', '200k', '-deadline', 'realtime', '-an'],
    outPath('.webm'),
  );
