import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import sharp from 'sharp';
import type { MediaTools } from '../../kernel/media-tools.js';

export interface SampleFile {
  filename: string;
  mimeType: string;
  bytes: Buffer;
}

/** The demo's pictures: a colour scheme each, drawn as shapes (no fonts needed). */
const PICTURES = {
  coffee: ['#7c2d12', '#f59e0b', '#fde68a'],
  sale: ['#14532d', '#22c55e', '#dcfce7'],
  welcome: ['#1e3a8a', '#3b82f6', '#dbeafe'],
  hours: ['#581c87', '#a855f7', '#f3e8ff'],
} as const;

export type PictureName = keyof typeof PICTURES;

function pictureSvg(colors: readonly string[]): string {
  const [dark, mid, light] = colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${mid}"/></linearGradient></defs>
  <rect width="1920" height="1080" fill="url(#g)"/>
  <circle cx="1480" cy="300" r="220" fill="${light}" opacity="0.85"/>
  <circle cx="1650" cy="760" r="140" fill="${light}" opacity="0.4"/>
  <rect x="160" y="380" width="880" height="90" rx="45" fill="${light}"/>
  <rect x="160" y="520" width="620" height="60" rx="30" fill="${light}" opacity="0.7"/>
  <rect x="160" y="620" width="480" height="60" rx="30" fill="${light}" opacity="0.5"/>
</svg>`;
}

/** Full-HD JPEG pictures made here, so a fresh clone needs no sample files. */
export async function demoPicture(name: PictureName): Promise<SampleFile> {
  const bytes = await sharp(Buffer.from(pictureSvg(PICTURES[name])))
    .jpeg({ quality: 82 })
    .toBuffer();
  return { filename: `${name}.jpg`, mimeType: 'image/jpeg', bytes };
}

/** A short H.264 clip (ffmpeg's test pattern with a tone), rendered with the server's own ffmpeg. */
export async function demoClip(tools: MediaTools, signal: AbortSignal): Promise<SampleFile> {
  const dir = await mkdtemp(join(tmpdir(), 'signage-demo-'));
  const out = join(dir, 'demo-clip.mp4');
  try {
    await new Promise<void>((resolve, reject) => {
      const command = ffmpeg()
        .setFfmpegPath(tools.ffmpegPath)
        .input('testsrc2=duration=6:size=1280x720:rate=25')
        .inputFormat('lavfi')
        .input('sine=frequency=330:duration=6')
        .inputFormat('lavfi')
        .outputOptions(['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-movflags', '+faststart', '-shortest'])
        .output(out)
        .on('end', () => resolve())
        .on('error', (err: Error) => reject(err));
      const onAbort = () => command.kill('SIGKILL');
      signal.addEventListener('abort', onAbort, { once: true });
      command.run();
    });
    return { filename: 'test-pattern.mp4', mimeType: 'video/mp4', bytes: await readFile(out) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
