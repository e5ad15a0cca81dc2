import type { Mounted } from './mounted.js';

/** What `POST /player/preview` accepts. */
export const PREVIEW_MAX_BYTES = 500 * 1024;
/** The largest preview the server takes (`POST /api/v1/player/preview`): a thumbnail in the console. */
const MAX_WIDTH_PX = 960;
const MAX_HEIGHT_PX = 540;

/**
 * A JPEG of `content` as it appears on a `width`×`height` stage, at most 500 KB: drawn to fit
 * within 960×540 (the largest the server takes; a portrait stage fits its height), then at lower quality, then smaller, until it fits. Undefined when
 * the canvas cannot be read (a picture from another origin taints it).
 */
export async function captureJpeg(content: Mounted | undefined, width: number, height: number): Promise<Uint8Array | undefined> {
  await content?.prepare?.();
  let scale = Math.min(1, MAX_WIDTH_PX / Math.max(width, 1), MAX_HEIGHT_PX / Math.max(height, 1));
  for (let attempt = 0; attempt < 6; attempt++) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const ctx = canvas.getContext('2d');
    if (!ctx) return undefined;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    content?.draw(ctx, { x: 0, y: 0, width: canvas.width, height: canvas.height });
    for (const quality of [0.85, 0.7, 0.5]) {
      let blob: Blob | null;
      try {
        blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
      } catch {
        return undefined;
      }
      if (!blob) return undefined;
      if (blob.size <= PREVIEW_MAX_BYTES) return new Uint8Array(await blob.arrayBuffer());
    }
    scale *= 0.7;
  }
  return undefined;
}
