import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaTools } from '../../../kernel/media-tools.js';
import { runFfmpeg, type FfmpegJob } from './ffmpeg-process.js';
import { imageThumbnail, type EncodedImage } from './image-variants.js';
import type { VideoProbe } from './probe.js';
import { StepFailed } from './processing-errors.js';
import { playbackFrameRate, playbackSize } from './video-compatibility.js';

export const POSTER_TIMEOUT_MS = 2 * 60_000;
export const OPTIMIZE_TIMEOUT_MS = 6 * 3600_000;

/** 1 s in, past fade-ins and black first frames; the middle of clips shorter than 2 s. */
export function posterTime(durationSeconds: number | null): number {
  if (!durationSeconds || durationSeconds <= 0) return 0;
  return durationSeconds >= 2 ? 1 : durationSeconds / 2;
}

/** One frame (ffmpeg applies rotation while decoding), fitted inside 480×270 as WebP like image thumbnails. */
export async function videoPoster(tools: MediaTools, file: string, workDir: string, durationSeconds: number | null): Promise<EncodedImage> {
  const frame = join(workDir, 'poster.png');
  const grab = (at: number) =>
    runFfmpeg(
      tools,
      { inputOptions: ['-ss', at.toFixed(3)], input: file, outputOptions: ['-map', '0:v:0', '-frames:v', '1', '-an', '-sn', '-dn'], output: frame },
      { what: 'Taking the poster frame', timeoutMs: POSTER_TIMEOUT_MS },
    );
  const at = posterTime(durationSeconds);
  await grab(at);
  // A duration from the container can overstate the video stream; seeking past its end writes nothing.
  if (at > 0 && !(await exists(frame))) await grab(0);
  if (!(await exists(frame))) throw new StepFailed('Taking the poster frame failed: the video has no frame that could be decoded.');
  return imageThumbnail(frame, Number.MAX_SAFE_INTEGER);
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.size > 0,
    () => false,
  );
}

// Both keep one video and (if any) one audio stream and drop subtitles, data tracks, chapters and
// container metadata (which can carry a camera's GPS position); +faststart puts the index first.
const COMMON_OUTPUT = ['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1', '-movflags', '+faststart', '-f', 'mp4'];

/**
 * The H.264 every player decodes. Medium and CRF 21 as the reference: an encode runs once per
 * file, quality and size matter more than minutes. ffmpeg has already turned the pixels upright;
 * no rotation flag may be copied on top.
 */
export const H264_OUTPUT = ['-c:v', 'libx264', '-preset', 'medium', '-crf', '21', '-profile:v', 'high', '-pix_fmt', 'yuv420p', '-metadata:s:v:0', 'rotate=0'];

/** Same streams, MP4 container with the index up front. */
export function remuxJob(input: string, output: string): FfmpegJob {
  return { input, output, outputOptions: [...COMMON_OUTPUT, '-c', 'copy'] };
}

/** H.264 High / yuv420p / AAC-LC, fitted to 1080p by side, at most 60 fps. */
export function transcodeJob(input: string, output: string, probe: VideoProbe): FfmpegJob {
  const size = playbackSize(probe.displayWidth, probe.displayHeight);
  const fps = playbackFrameRate(probe.frameRate);
  const filters = [`scale=${size.width}:${size.height}`, 'setsar=1', ...(fps ? [`fps=${fps}`] : [])];
  const audio = probe.audioCodec === null ? [] : ['-c:a', 'aac', '-b:a', '192k', ...(probe.audioChannels && probe.audioChannels > 2 ? ['-ac', '2'] : [])];
  const outputOptions = [...COMMON_OUTPUT, '-vf', filters.join(','), ...H264_OUTPUT, ...audio];
  return { input, output, outputOptions };
}

export interface OptimizeOptions {
  action: 'remux' | 'transcode';
  probe: VideoProbe;
  /** Percent done, 0–100. A rejection stops ffmpeg (see runFfmpeg). */
  onProgress(percent: number): Promise<void>;
  signal?: AbortSignal;
}

export async function optimizeVideo(tools: MediaTools, input: string, output: string, o: OptimizeOptions): Promise<void> {
  const job = o.action === 'remux' ? remuxJob(input, output) : transcodeJob(input, output, o.probe);
  const duration = o.probe.durationSeconds;
  await runFfmpeg(tools, job, {
    what: o.action === 'remux' ? 'Repackaging the video' : 'Converting the video',
    timeoutMs: OPTIMIZE_TIMEOUT_MS,
    onProgress: (seconds) => o.onProgress(duration ? Math.min(99, (seconds / duration) * 100) : 0),
    signal: o.signal,
  });
}
