import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
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

/**
 * A valid black PNG of `width` × `height` in 1-bit greyscale: 400 megapixels fit in 50 kB. Made
 * by hand because sharp takes seconds to encode that many pixels.
 */
export function makeHugePng(width = 20_000, height = 20_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13); // bit depth 1, greyscale, no interlace
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1;
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // filter 0, all pixels 0
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

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

/**
 * H.264 MP4 of four coloured quadrants (red, green / blue, white), each with a black mark in its
 * top-left corner (a quarter of its width, a third of its height) that shows which way a crop turned.
 */
export const makeQuadrantsMp4 = (seconds = 1, width = 320, height = 180) => {
  const [w, h] = [width / 2, height / 2];
  const quadrant = (color: string, label: string) =>
    `color=c=${color}:s=${w}x${h}:d=${seconds}:r=25,drawbox=x=0:y=0:w=${w / 4}:h=${h / 3}:color=black:t=fill[${label}]`;
  const graph = [
    quadrant('red', 'a'),
    quadrant('lime', 'b'),
    quadrant('blue', 'c'),
    quadrant('white', 'd'),
    '[a][b]hstack[top]',
    '[c][d]hstack[bottom]',
    '[top][bottom]vstack,format=yuv420p[out]',
  ].join(';');
  return ffmpeg(['-filter_complex', graph, '-map', '[out]', '-c:v', 'libx264', '-movflags', '+faststart'], outPath('.mp4'));
};

/** One frame of a video (at `seconds`) as raw RGB, to read its pixels. */
export async function frameOf(video: Buffer, seconds = 0.5): Promise<{ width: number; height: number; pixel(x: number, y: number): [number, number, number] }> {
  const { writeFile } = await import('node:fs/promises');
  const input = outPath('.mp4');
  await writeFile(input, video);
  const png = await ffmpeg(['-ss', String(seconds), '-i', input, '-frames:v', '1'], outPath('.png'));
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    pixel: (x, y) => {
      const at = (y * info.width + x) * 3;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    },
  };
}
