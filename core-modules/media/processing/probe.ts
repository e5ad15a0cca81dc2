import { open } from 'node:fs/promises';
import { runFfprobe } from './ffmpeg-process.js';
import type { FfprobeOutput, FfprobeStream } from './ffprobe-output.js';
import { MediaRejected } from './processing-errors.js';
import type { VideoTraits } from './video-compatibility.js';

/** What ffprobe tells about a video file, in the shape the rest of processing uses. */
export interface VideoProbe extends Omit<VideoTraits, 'fastStart'> {
  formatName: string;
  durationSeconds: number | null;
  /** Size as shown: square pixels, rotation applied. */
  displayWidth: number;
  displayHeight: number;
  videoProfile: string | null;
  pixelAspectRatio: string | null;
  displayAspectRatio: string | null;
  bitRate: number | null;
  audioChannels: number | null;
  audioSampleRate: number | null;
}

const PROBE_TIMEOUT_MS = 60_000;

export async function probeVideo(ffprobePath: string, file: string): Promise<VideoProbe> {
  let data: FfprobeOutput;
  try {
    data = await runFfprobe(ffprobePath, file, PROBE_TIMEOUT_MS);
  } catch {
    throw new MediaRejected('media_inspection_failed', 'The video could not be read; the file may be damaged or in a format that is not supported.');
  }
  return parseProbe(data);
}

const num = (v: string | number | undefined): number | null => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? n : null;
};

/** `30000/1001` → 29.97; `0/0` → null. */
export function parseRate(text: string | undefined): number | null {
  if (!text) return null;
  const [a, b] = text.split('/').map(Number);
  if (!Number.isFinite(a) || !a) return null;
  const rate = b === undefined ? a! : b ? a! / b : NaN;
  return Number.isFinite(rate) && rate > 0 ? Math.round(rate * 1000) / 1000 : null;
}

function rotationOf(s: FfprobeStream): number {
  // Older ffprobe: a clockwise `rotate` tag. Newer: a display matrix whose rotation is counter-clockwise.
  const tag = num(s.tags?.rotate);
  const matrix = s.side_data_list?.find((d) => d.rotation !== undefined)?.rotation;
  const clockwise = tag ?? (matrix !== undefined ? -matrix : 0);
  return (((Math.round(clockwise / 90) * 90) % 360) + 360) % 360;
}

function containerOf(formatName: string): VideoProbe['container'] {
  const names = formatName.split(',');
  if (names.includes('mp4') || names.includes('mov')) return 'mp4';
  if (names.includes('matroska') || names.includes('webm')) return 'matroska';
  return 'other';
}

export function parseProbe(out: FfprobeOutput): VideoProbe {
  const streams = out.streams ?? [];
  // Cover art in MP4/MKV shows up as a one-frame video stream; it is not the video.
  const videos = streams.filter((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const video = videos.find((s) => s.disposition?.default) ?? videos[0];
  if (!video?.codec_name || !video.width || !video.height)
    throw new MediaRejected('media_inspection_failed', 'The file has no video track that could be read.');
  const audios = streams.filter((s) => s.codec_type === 'audio');
  const audio = audios.find((s) => s.disposition?.default) ?? audios[0];
  const formatName = out.format?.format_name ?? '';
  const rotation = rotationOf(video);
  const sar = parseRate(video.sample_aspect_ratio?.replace(':', '/'));
  const squareWidth = sar && sar !== 1 ? Math.round(video.width * sar) : video.width;
  const turned = rotation === 90 || rotation === 270;
  return {
    container: containerOf(formatName),
    formatName,
    durationSeconds: num(out.format?.duration) ?? num(video.duration),
    width: video.width,
    height: video.height,
    displayWidth: turned ? video.height : squareWidth,
    displayHeight: turned ? squareWidth : video.height,
    frameRate: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate),
    videoCodec: video.codec_name,
    videoProfile: video.profile ?? null,
    pixelFormat: video.pix_fmt ?? null,
    rotation,
    pixelAspectRatio: video.sample_aspect_ratio ?? null,
    displayAspectRatio: video.display_aspect_ratio ?? null,
    bitRate: num(out.format?.bit_rate) ?? num(video.bit_rate),
    audioCodec: audio?.codec_name ?? null,
    audioProfile: audio?.profile ?? null,
    audioChannels: audio?.channels ?? null,
    audioSampleRate: num(audio?.sample_rate),
  };
}

/**
 * Whether an MP4's `moov` box (the index) comes before `mdat` (the media), so a player can start
 * while the file still downloads. Walks the top-level boxes; ffprobe does not say.
 */
export async function hasFastStart(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const header = Buffer.alloc(16);
    let offset = 0;
    while (offset + 8 <= size) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return false;
      const type = header.toString('latin1', 4, 8);
      if (type === 'moov') return true;
      if (type === 'mdat') return false;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return false;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return false; // runs to the end of the file, and no moov came first
      }
      if (boxSize < 8) return false;
      offset += boxSize;
    }
    return false;
  } finally {
    await handle.close();
  }
}
