import type { FfmpegJob } from './ffmpeg-process.js';
import { H264_OUTPUT } from './video-variants.js';

/**
 * A part of a video's picture, as a wall panel shows it: the picture fitted whole inside a canvas
 * (centred, black around it, as players fit with `contain`), the region of that canvas to keep,
 * the size to give it and the quarter turn the panel is mounted with.
 */
export interface VideoCrop {
  canvas: { width: number; height: number };
  region: { x: number; y: number; width: number; height: number };
  /** The output picture's size before it is turned. */
  width: number;
  height: number;
  rotation: 0 | 90 | 180 | 270;
}

const TURNS: Record<VideoCrop['rotation'], string[]> = { 0: [], 90: ['transpose=1'], 180: ['hflip', 'vflip'], 270: ['transpose=2'] };

// H.264 in yuv420p needs even sides; a panel of odd size gets one pixel more (never a distortion
// anyone sees, and better than an encoder error).
const even = (n: number) => Math.max(2, n + (n % 2));

/**
 * The ffmpeg filter that cuts `crop` out of a `source`-sized picture (square pixels, upright), and
 * the output's size after the turn. Works in the source's pixels, so a 16384-pixel canvas never
 * becomes a 16384-pixel frame: only the source pixels the region covers are scaled. A turned panel
 * gets its sides swapped rather than its picture squeezed. Pure.
 */
export function cropFilter(source: { width: number; height: number }, crop: VideoCrop): { filter: string; width: number; height: number } {
  const w = even(crop.width);
  const h = even(crop.height);
  const turned = crop.rotation === 90 || crop.rotation === 270;
  const out = turned ? { width: h, height: w } : { width: w, height: h };
  const { canvas, region } = crop;
  // Where the fitted picture lies on the canvas.
  const scale = Math.min(canvas.width / source.width, canvas.height / source.height);
  const left = (canvas.width - source.width * scale) / 2;
  const top = (canvas.height - source.height * scale) / 2;
  // The part of the region the picture covers (the rest is the black around it).
  const x0 = Math.max(region.x, left);
  const y0 = Math.max(region.y, top);
  const x1 = Math.min(region.x + region.width, left + source.width * scale);
  const y1 = Math.min(region.y + region.height, top + source.height * scale);
  if (x1 <= x0 || y1 <= y0) {
    return { filter: [`scale=${out.width}:${out.height}`, 'drawbox=x=0:y=0:w=iw:h=ih:color=black:t=fill', 'setsar=1', 'format=yuv420p'].join(','), ...out };
  }
  const clamp = (n: number, max: number) => Math.min(max, Math.max(0, n));
  const sx0 = clamp(Math.round((x0 - left) / scale), source.width - 1);
  const sy0 = clamp(Math.round((y0 - top) / scale), source.height - 1);
  const sx1 = Math.max(sx0 + 1, clamp(Math.round((x1 - left) / scale), source.width));
  const sy1 = Math.max(sy0 + 1, clamp(Math.round((y1 - top) / scale), source.height));
  // Region pixels to output pixels.
  const fx = w / region.width;
  const fy = h / region.height;
  const dx0 = Math.round((x0 - region.x) * fx);
  const dy0 = Math.round((y0 - region.y) * fy);
  const dw = Math.max(1, Math.min(w - dx0, Math.round((x1 - region.x) * fx) - dx0));
  const dh = Math.max(1, Math.min(h - dy0, Math.round((y1 - region.y) * fy) - dy0));
  const filters = [
    `crop=${sx1 - sx0}:${sy1 - sy0}:${sx0}:${sy0}`,
    `scale=${dw}:${dh}:flags=lanczos`,
    'setsar=1',
    `pad=${w}:${h}:${dx0}:${dy0}:black`,
    ...TURNS[crop.rotation],
    'format=yuv420p',
  ];
  return { filter: filters.join(','), ...out };
}

// Frame rate when the source states none: the panels of a wall only need to agree with each other.
const DEFAULT_RATE = 30;
// A keyframe every 2 s, at the same instants in every panel: players that join late or seek land
// on the same frame on every screen of the wall.
const KEYFRAME_SECONDS = 2;

/**
 * The ffmpeg run for a crop: video only (a wall plays its sound from one place, not from every
 * panel), constant frame rate, H.264 High with fixed keyframes, faststart MP4, no metadata.
 */
export function cropJob(input: string, output: string, filter: string, frameRate: number | null): FfmpegJob {
  const rate = frameRate && frameRate > 0 ? Math.round(frameRate * 1000) / 1000 : DEFAULT_RATE;
  const gop = String(Math.max(1, Math.round(rate * KEYFRAME_SECONDS)));
  return {
    input,
    output,
    outputOptions: [
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      `${filter},fps=${rate}`,
      ...H264_OUTPUT,
      '-g',
      gop,
      '-keyint_min',
      gop,
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
      '-map_metadata',
      '-1',
      '-map_chapters',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
    ],
  };
}
