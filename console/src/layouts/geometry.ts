// Moving, resizing and snapping placements on the canvas, in canvas pixels, with no React.

/** A placement's edge box, in canvas pixels. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const MIN_SIZE = 8;
/** How close (in canvas pixels) an edge must come to a guide to stick to it. */
export const SNAP_DISTANCE = 12;
export const GRID = 20;

const clamp = (v: number, min: number, max: number) => Math.min(Math.max(v, min), max);

/** The box moved by (dx, dy), kept inside the canvas. */
export function moved(box: Box, dx: number, dy: number, canvas: { width: number; height: number }): Box {
  return {
    ...box,
    x: Math.round(clamp(box.x + dx, 0, canvas.width - box.width)),
    y: Math.round(clamp(box.y + dy, 0, canvas.height - box.height)),
  };
}

/** The box with its bottom-right corner moved by (dw, dh), at least MIN_SIZE and inside the canvas. */
export function resized(box: Box, dw: number, dh: number, canvas: { width: number; height: number }): Box {
  return {
    ...box,
    width: Math.round(clamp(box.width + dw, MIN_SIZE, canvas.width - box.x)),
    height: Math.round(clamp(box.height + dh, MIN_SIZE, canvas.height - box.y)),
  };
}

/** The guides edges stick to on one axis: the grid lines near `value`, the canvas edges and other placements' edges. */
function nearest(values: number[], guides: number[]): { delta: number } | undefined {
  let best: number | undefined;
  for (const v of values) {
    for (const g of guides) {
      const d = g - v;
      if (Math.abs(d) <= SNAP_DISTANCE && (best === undefined || Math.abs(d) < Math.abs(best))) best = d;
    }
  }
  return best === undefined ? undefined : { delta: best };
}

function guides(extent: number, others: Box[], axis: 'x' | 'y', near: number[]): number[] {
  const size = axis === 'x' ? 'width' : 'height';
  const grid = near.flatMap((v) => [Math.floor(v / GRID) * GRID, Math.ceil(v / GRID) * GRID]);
  return [0, extent, ...grid, ...others.flatMap((o) => [o[axis], o[axis] + o[size]])];
}

/** A moved box snapped: its nearest edge on each axis sticks to the grid, the canvas edges or another placement's edge. */
export function snapMove(box: Box, others: Box[], canvas: { width: number; height: number }): Box {
  const xs = [box.x, box.x + box.width];
  const ys = [box.y, box.y + box.height];
  const sx = nearest(xs, guides(canvas.width, others, 'x', xs));
  const sy = nearest(ys, guides(canvas.height, others, 'y', ys));
  return moved(box, sx?.delta ?? 0, sy?.delta ?? 0, canvas);
}

/** A resized box snapped: its right and bottom edges stick to the guides. */
export function snapResize(box: Box, others: Box[], canvas: { width: number; height: number }): Box {
  const right = box.x + box.width;
  const bottom = box.y + box.height;
  const sx = nearest([right], guides(canvas.width, others, 'x', [right]));
  const sy = nearest([bottom], guides(canvas.height, others, 'y', [bottom]));
  return resized(box, sx?.delta ?? 0, sy?.delta ?? 0, canvas);
}
