import { createHash } from 'node:crypto';
import type { VideoCrop } from '../../media/media.api.js';

/** A wall's logical canvas, in pixels. */
export interface Canvas {
  width: number;
  height: number;
}

/** One member's panel of the canvas, as the console sends it and players receive it (`viewport`). */
export interface Panel {
  screenId: string;
  order: number;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  bezelLeft?: number;
  bezelTop?: number;
  bezelRight?: number;
  bezelBottom?: number;
}

export const MIN_CANVAS = 320;
export const MAX_CANVAS = 16384;
export const MAX_PANELS = 64;
const ROTATIONS = new Set([0, 90, 180, 270]);

const overlap = (a: Panel, b: Panel) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * What is wrong with a wall (undefined when nothing), by the reference's rules: a canvas of
 * 320–16384 a side, 1–64 panels, one per screen, orders unique in 0–63, rotations of quarter
 * turns, bezels of 0–500, every panel inside the canvas and none overlapping another. Pure.
 */
export function geometryProblem(canvas: Canvas, panels: Panel[]): string | undefined {
  if ([canvas.width, canvas.height].some((side) => !Number.isInteger(side) || side < MIN_CANVAS || side > MAX_CANVAS)) {
    return `The canvas must be ${MIN_CANVAS} to ${MAX_CANVAS} pixels on each side.`;
  }
  if (panels.length < 1 || panels.length > MAX_PANELS) return `A wall has 1 to ${MAX_PANELS} panels.`;
  if (new Set(panels.map((p) => p.screenId)).size !== panels.length) return 'A screen has one panel at most.';
  if (new Set(panels.map((p) => p.order)).size !== panels.length || panels.some((p) => p.order < 0 || p.order >= MAX_PANELS)) {
    return `Panel orders must be unique, from 0 to ${MAX_PANELS - 1}.`;
  }
  for (const p of panels) {
    if (p.x < 0 || p.y < 0 || p.width < 1 || p.height < 1 || p.x + p.width > canvas.width || p.y + p.height > canvas.height) {
      return `The panel of screen ${p.screenId} must lie inside the canvas.`;
    }
    if (!ROTATIONS.has(p.rotation)) return 'A panel turns by 0, 90, 180 or 270 degrees.';
    if ([p.bezelLeft, p.bezelTop, p.bezelRight, p.bezelBottom].some((b) => b !== undefined && (b < 0 || b > 500)))
      return 'Bezel compensation is 0 to 500 pixels.';
    const inner = innerRegion(p);
    if (inner.width < 1 || inner.height < 1) return `The bezels of screen ${p.screenId} leave nothing of its panel to show.`;
  }
  for (let i = 0; i < panels.length; i++) {
    for (let j = i + 1; j < panels.length; j++) if (overlap(panels[i]!, panels[j]!)) return 'Panels may not overlap.';
  }
  return undefined;
}

/**
 * The part of the canvas a panel's screen shows: its rectangle less the bezels (the frame of the
 * screen hides what lies behind it, so the picture continues across the gap as the eye expects).
 */
export function innerRegion(p: Panel): { x: number; y: number; width: number; height: number } {
  const [left, top, right, bottom] = [p.bezelLeft ?? 0, p.bezelTop ?? 0, p.bezelRight ?? 0, p.bezelBottom ?? 0];
  return { x: p.x + left, y: p.y + top, width: p.width - left - right, height: p.height - top - bottom };
}

/** How a panel's file is cut from a video: the inner region, at the panel's size, turned as the screen is mounted. */
export const cropOf = (canvas: Canvas, p: Panel): VideoCrop => ({
  canvas,
  region: innerRegion(p),
  width: p.width,
  height: p.height,
  rotation: p.rotation as VideoCrop['rotation'],
});

/** Names what a panel's file depends on: equal hashes cut equal files (the order and screen do not matter). */
export function geometryHash(canvas: Canvas, p: Panel): string {
  const crop = cropOf(canvas, p);
  const text = [
    crop.canvas.width,
    crop.canvas.height,
    crop.region.x,
    crop.region.y,
    crop.region.width,
    crop.region.height,
    crop.width,
    crop.height,
    crop.rotation,
  ].join(':');
  return createHash('sha256').update(text).digest('hex').slice(0, 32);
}
