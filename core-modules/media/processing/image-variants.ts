import { stat } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { MediaRejected } from './processing-errors.js';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';
const ACCEPTED: readonly string[] = ['jpeg', 'png', 'webp', 'gif'];

export const MIME: Record<ImageFormat, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };
export const EXT: Record<ImageFormat, string> = { jpeg: '.jpg', png: '.png', webp: '.webp', gif: '.gif' };

/** Console previews: one box for every asset, so the grid lines up. */
export const THUMBNAIL_BOX = { width: 480, height: 270 };
/** Playback: 4K by side, so portrait screens get portrait 4K rather than a 1215-pixel-wide image. */
export const PLAYBACK_LONG_SIDE = 3840;
export const PLAYBACK_SHORT_SIDE = 2160;

// The reference counts every GIF frame against the pixel limit, but only reads frames of files up
// to this size; beyond it the header's first-frame size is what counts.
const GIF_FRAME_COUNT_MAX_BYTES = 32 * 1024 * 1024;

export interface ImageInfo {
  format: ImageFormat;
  /** As displayed: EXIF orientation applied. */
  width: number;
  height: number;
  orientation: number;
  frames: number;
  hasAlpha: boolean;
}

export interface EncodedImage {
  data: Buffer;
  mimeType: string;
  ext: string;
  width: number;
  height: number;
}

const damaged = (format = 'image') =>
  new MediaRejected(
    'media_inspection_failed',
    `The ${format === 'image' ? 'image' : `${format.toUpperCase()} image`} could not be read; the file may be damaged or truncated.`,
  );

const megapixels = (n: number) => `${n >= 1e7 ? Math.round(n / 1e6) : Number((n / 1e6).toPrecision(2))} MP`;

/** `image_too_large`, naming the image's size when it is known and the limit in both units. */
function tooLarge(maxPixels: number, size?: string): MediaRejected {
  const limit = `${megapixels(maxPixels)} (${maxPixels.toLocaleString('en-US')} pixels)`;
  return new MediaRejected('image_too_large', size ? `The image is ${size}; the limit is ${limit}.` : `The image has more pixels than the limit of ${limit}.`);
}

/** sharp refuses to decode more pixels than `limitInputPixels`: that file is too large, not damaged. */
const overPixelLimit = (err: unknown) => err instanceof Error && /exceeds pixel limit/.test(err.message);

/** The header: format, displayed size and frames. Rejects files that are not an accepted image. */
export async function readImageInfo(file: string): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    // Reading the header decodes no pixels; sharp's own limit would call a huge image damaged.
    meta = await sharp(file, { limitInputPixels: false }).metadata();
  } catch {
    throw damaged();
  }
  const format = meta.format ?? 'unknown';
  if (!ACCEPTED.includes(format)) {
    throw new MediaRejected('media_inspection_failed', `The file is a ${format.toUpperCase()} image; only JPEG, PNG, WebP and GIF images are accepted.`);
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw damaged(format);
  return { format: format as ImageFormat, width, height, orientation: meta.orientation ?? 1, frames: meta.pages ?? 1, hasAlpha: meta.hasAlpha ?? false };
}

/**
 * Reads the header, checks the type and pixel limit, then decodes the image once (at a small
 * size) so a damaged file fails here, with a clear reason, instead of in every later step.
 */
export async function inspectImage(file: string, maxPixels: number): Promise<ImageInfo> {
  const info = await readImageInfo(file);
  const { width, height, frames, format } = info;
  const countedFrames = format === 'gif' && (await stat(file)).size > GIF_FRAME_COUNT_MAX_BYTES ? 1 : frames;
  const pixels = width * height * countedFrames;
  if (pixels > maxPixels) {
    const size = `${width} × ${height} pixels`;
    throw tooLarge(maxPixels, countedFrames > 1 ? `${size} in ${countedFrames} frames (${megapixels(pixels)})` : `${size} (${megapixels(pixels)})`);
  }
  try {
    // JPEG shrink-on-load keeps this cheap for large photos; it still reads every byte.
    await sharp(file, { limitInputPixels: maxPixels }).resize(64, 64, { fit: 'inside' }).raw().toBuffer();
  } catch (err) {
    throw overPixelLimit(err) ? tooLarge(maxPixels) : damaged(format);
  }
  return info;
}

/** The first frame, upright, fitted inside 480×270, as WebP. */
export async function imageThumbnail(input: string | Buffer, maxPixels: number): Promise<EncodedImage> {
  const { data, info } = await sharp(input, { limitInputPixels: maxPixels })
    .autoOrient()
    .resize(THUMBNAIL_BOX.width, THUMBNAIL_BOX.height, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => Promise.reject(overPixelLimit(err) ? tooLarge(maxPixels) : err));
  return { data, mimeType: 'image/webp', ext: '.webp', width: info.width, height: info.height };
}

export function fitsPlayback(width: number, height: number): boolean {
  return Math.max(width, height) <= PLAYBACK_LONG_SIDE && Math.min(width, height) <= PLAYBACK_SHORT_SIDE;
}

/**
 * Whether the original can be shown as it is. Only GIFs within the size limit: they carry no
 * orientation or camera metadata, and re-encoding an animation costs time and can change its
 * palette. Every other format is re-encoded to drop EXIF (camera, GPS) and apply orientation.
 */
export function keepsOriginal(info: ImageInfo): boolean {
  return info.format === 'gif' && fitsPlayback(info.width, info.height);
}

/**
 * The image players show: orientation applied, metadata stripped (sharp drops it unless asked),
 * fitted inside 4K by side, in the source's format (JPEG stays JPEG, PNG keeps its alpha, WebP and
 * GIF keep their animation).
 */
export async function imagePlayback(file: string, maxPixels: number): Promise<EncodedImage> {
  const info = await readImageInfo(file);
  const animated = info.frames > 1 && (info.format === 'gif' || info.format === 'webp');
  const landscape = info.width >= info.height;
  const [boxW, boxH] = landscape ? [PLAYBACK_LONG_SIDE, PLAYBACK_SHORT_SIDE] : [PLAYBACK_SHORT_SIDE, PLAYBACK_LONG_SIDE];
  let pipeline = sharp(file, { limitInputPixels: maxPixels, animated }).autoOrient().resize(boxW, boxH, { fit: 'inside', withoutEnlargement: true });
  switch (info.format) {
    case 'jpeg':
      pipeline = pipeline.jpeg({ quality: 90 });
      break;
    case 'png':
      pipeline = pipeline.png();
      break;
    case 'webp':
      pipeline = pipeline.webp({ quality: 90 });
      break;
    case 'gif':
      pipeline = pipeline.gif();
      break;
  }
  // A GIF over 32 MiB passed inspection on its first frame; all its frames may be over the limit.
  const { data, info: out } = await pipeline
    .toBuffer({ resolveWithObject: true })
    .catch((err: unknown) => Promise.reject(overPixelLimit(err) ? tooLarge(maxPixels, `${info.width} × ${info.height} pixels in ${info.frames} frames`) : err));
  // For animations sharp reports the height of all frames stacked.
  const height = animated && out.pageHeight ? out.pageHeight : out.height;
  return { data, mimeType: MIME[info.format], ext: EXT[info.format], width: out.width, height };
}
