import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import type { Config } from './config.js';

export interface MediaTools {
  ffmpegPath: string;
  ffprobePath: string;
}

export type ToolName = 'ffmpeg' | 'ffprobe';

const require = createRequire(import.meta.url);
const NPM_PACKAGES: Record<ToolName, string> = { ffmpeg: '@ffmpeg-installer/ffmpeg', ffprobe: '@ffprobe-installer/ffprobe' };

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

function npmBinary(tool: ToolName): string | undefined {
  try {
    return (require(NPM_PACKAGES[tool]) as { path: string }).path;
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
    ffmpegPath: config.ffmpegPath ?? onPath('ffmpeg') ?? npmBinary('ffmpeg') ?? 'ffmpeg',
    ffprobePath: config.ffprobePath ?? onPath('ffprobe') ?? npmBinary('ffprobe') ?? 'ffprobe',
  };
}

/** Whether `path` is the static build npm installed (not the system's, nor one configured). */
export const isBundled = (tool: ToolName, path: string): boolean => path === npmBinary(tool);

/** Resolves with what `<tool> -version` prints when it exits 0 within 5 s. */
export function checkTool(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(path, ['-version'], { timeout: 5_000, killSignal: 'SIGKILL' }, (err, stdout) =>
      err ? reject(new Error(`${path} does not run: ${err.message.split('\n')[0]}`)) : resolve(stdout),
    );
  });
}

/**
 * The oldest FFmpeg taken as current: 5.1, Debian 12's (maintained there with security updates).
 * Builds are compared by libavcodec, which every build prints, releases and git snapshots alike
 * (a snapshot says only `N-47683-g…`); FFmpeg 5.1 shipped libavcodec 59.37.
 */
export const MINIMUM_FFMPEG = { release: '5.1', libavcodec: [59, 37] } as const;

export interface ToolVersion {
  /** The banner's version: `5.1.9-0+deb12u1`, or `N-47683-g0e8eb07980-static` for a git build. */
  version: string;
  libavcodec?: readonly [number, number];
  /** The last year of the banner's copyright: when the build was made. */
  year?: number;
}

export function parseToolVersion(output: string): ToolVersion {
  const codec = /^libavcodec\s+(\d+)\.\s*(\d+)\./m.exec(output);
  const year = /Copyright \(c\) \d{4}-(\d{4})/.exec(output);
  return {
    version: /^\S+ version (\S+)/.exec(output)?.[1] ?? 'of unknown version',
    ...(codec ? { libavcodec: [Number(codec[1]), Number(codec[2])] as const } : {}),
    ...(year ? { year: Number(year[1]) } : {}),
  };
}

/**
 * Why an operator should replace this build, or undefined when it is current and not npm's. The
 * npm builds are static snapshots nobody patches (ffmpeg's is from December 2018, from before
 * fixes to decoder memory bugs such as CVE-2021-30123), and they decode untrusted uploads.
 */
export function toolConcern(tool: ToolName, path: string, output: string): string | undefined {
  const v = parseToolVersion(output);
  const [major, minor] = MINIMUM_FFMPEG.libavcodec;
  const old = !v.libavcodec || v.libavcodec[0] < major || (v.libavcodec[0] === major && v.libavcodec[1] < minor);
  const bundled = isBundled(tool, path);
  if (!old && !bundled) return undefined;
  const facts = [v.libavcodec ? `libavcodec ${v.libavcodec.join('.')}` : 'no libavcodec version', ...(v.year ? [`built ${v.year}`] : [])];
  const problems = [
    ...(old && v.libavcodec ? [`older than FFmpeg ${MINIMUM_FFMPEG.release} (decoder memory-safety bugs were fixed since)`] : []),
    ...(old && !v.libavcodec ? [`of a version it does not tell (it may be older than FFmpeg ${MINIMUM_FFMPEG.release})`] : []),
    ...(bundled ? ['the static build npm installed, which gets no security updates'] : []),
  ];
  return (
    `${tool} ${v.version} (${facts.join(', ')}) is ${problems.join(' and ')}; it decodes untrusted uploads. ` +
    `Install a maintained one (apt install ffmpeg) or set ${tool === 'ffmpeg' ? 'FFMPEG_PATH' : 'FFPROBE_PATH'}.`
  );
}
