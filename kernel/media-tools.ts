import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import type { Config } from './config.js';

export interface MediaTools {
  ffmpegPath: string;
  ffprobePath: string;
}

const require = createRequire(import.meta.url);

function onPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

function npmBinary(pkg: string): string | undefined {
  try {
    return (require(pkg) as { path: string }).path;
  } catch {
    return undefined; // no build for this platform
  }
}

/**
 * FFMPEG_PATH / FFPROBE_PATH when set; otherwise the system's binaries (newer, security-patched,
 * a matched pair) when on PATH; otherwise the ones npm installed, so a fresh machine needs nothing.
 */
export function resolveMediaTools(config: Pick<Config, 'ffmpegPath' | 'ffprobePath'>): MediaTools {
  return {
    ffmpegPath: config.ffmpegPath ?? onPath('ffmpeg') ?? npmBinary('@ffmpeg-installer/ffmpeg') ?? 'ffmpeg',
    ffprobePath: config.ffprobePath ?? onPath('ffprobe') ?? npmBinary('@ffprobe-installer/ffprobe') ?? 'ffprobe',
  };
}

/** Resolves when `<tool> -version` exits 0 within 5 s. */
export function checkTool(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(path, ['-version'], { timeout: 5_000 }, (err) => (err ? reject(new Error(`${path} does not run: ${err.message.split('\n')[0]}`)) : resolve()));
  });
}
