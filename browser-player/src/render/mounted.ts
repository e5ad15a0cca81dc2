import type { LayoutContent } from './layout-types.js';

/**
 * One piece of content placed in the DOM: an image, a video, a website or a layout. The stage
 * waits for `ready`, shows it, and later calls `release()`, which must leave nothing behind (no
 * decoder, no timer, no listener): the stage runs for weeks.
 */
export interface Mounted {
  readonly element: HTMLElement;
  /** Settles once the content can be seen (decoded, playing, loaded); rejects when it cannot. */
  readonly ready: Promise<void>;
  /**
   * Content with its own deadline for loading (a website's load timeout): the stage waits this
   * much longer for `ready`, which settles by itself at that deadline (loaded, stood in for, or refused).
   */
  readonly loadsWithinMs?: number;
  /** Called once, when the content ends by itself (a video reaching its end or end offset). */
  onNaturalEnd?(listener: () => void): void;
  /** Draws what it shows now into `box` of a capture canvas (the console's live preview). */
  draw(ctx: CanvasRenderingContext2D, box: Box): void;
  /** Readies what `draw` needs that takes time (a chart's picture): awaited before each capture. */
  prepare?(): Promise<void>;
  /**
   * Told of each new manifest's content while on screen (layouts, widgets): redraws in place what
   * changed (new data, a new definition), leaves the rest playing, and draws nothing again when
   * nothing changed. False when it cannot follow the change in place (then it shows what it had).
   */
  update?(next: LayoutContent): boolean;
  release(): void;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The server's fit modes (`contain`, `cover`, `stretch`) as CSS `object-fit`. */
export function objectFit(fitMode: string): 'contain' | 'cover' | 'fill' {
  if (fitMode === 'cover') return 'cover';
  if (fitMode === 'stretch' || fitMode === 'fill') return 'fill';
  return 'contain';
}

/** Where a `width`×`height` picture lands in `box` under a fit mode, as drawImage arguments. */
export function fittedRect(
  fitMode: string,
  width: number,
  height: number,
  box: Box,
): { sx: number; sy: number; sw: number; sh: number; dx: number; dy: number; dw: number; dh: number } {
  const full = { sx: 0, sy: 0, sw: width, sh: height };
  const fit = objectFit(fitMode);
  if (fit === 'fill' || width <= 0 || height <= 0) return { ...full, dx: box.x, dy: box.y, dw: box.width, dh: box.height };
  const scale = fit === 'contain' ? Math.min(box.width / width, box.height / height) : Math.max(box.width / width, box.height / height);
  if (fit === 'contain') {
    const [dw, dh] = [width * scale, height * scale];
    return { ...full, dx: box.x + (box.width - dw) / 2, dy: box.y + (box.height - dh) / 2, dw, dh };
  }
  // cover: crop the source to the box's aspect, centred, as object-fit does.
  const [sw, sh] = [box.width / scale, box.height / scale];
  return { sx: (width - sw) / 2, sy: (height - sh) / 2, sw, sh, dx: box.x, dy: box.y, dw: box.width, dh: box.height };
}

/** A plain frame naming content whose pixels a page cannot read (another origin's website). */
export function drawPlaceholder(ctx: CanvasRenderingContext2D, box: Box, label: string): void {
  ctx.fillStyle = '#1d2330';
  ctx.fillRect(box.x, box.y, box.width, box.height);
  ctx.fillStyle = '#e8ecf3';
  const size = Math.max(10, Math.round(Math.min(box.width, box.height) / 14));
  ctx.font = `${size}px sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, box.x + box.width / 2, box.y + box.height / 2, box.width * 0.9);
}
