// A video wall's geometry as the editor handles it: pure rules, unit-tested (test/console/wall-geometry.test.ts).
// The server's rules (span-geometry.ts) stay the judge: these only make a valid wall easy to reach.

export interface Canvas {
  width: number;
  height: number;
}

export interface Panel {
  screenId: string;
  screenName: string;
  order: number;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  bezelLeft: number;
  bezelTop: number;
  bezelRight: number;
  bezelBottom: number;
}

export interface Wall {
  canvas: Canvas;
  panels: Panel[];
}

export const MIN_CANVAS = 320;
export const MAX_CANVAS = 16384;
export const ROTATIONS = [0, 90, 180, 270] as const;
const PANEL = { width: 1920, height: 1080 };
const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

const newPanel = (screen: { id: string; name: string }, order: number, x: number, y: number): Panel => ({
  screenId: screen.id,
  screenName: screen.name,
  order,
  x,
  y,
  ...PANEL,
  rotation: 0,
  bezelLeft: 0,
  bezelTop: 0,
  bezelRight: 0,
  bezelBottom: 0,
});

type SavedPanel = Omit<Panel, 'bezelLeft' | 'bezelTop' | 'bezelRight' | 'bezelBottom'> & Partial<Panel>;

/** A wall as the API gives it (bezels left out when zero). */
export const fromSpan = (geometry: { canvas: Canvas; panels: SavedPanel[] }): Wall => ({
  canvas: geometry.canvas,
  panels: geometry.panels.map((p) => ({
    ...p,
    bezelLeft: p.bezelLeft ?? 0,
    bezelTop: p.bezelTop ?? 0,
    bezelRight: p.bezelRight ?? 0,
    bezelBottom: p.bezelBottom ?? 0,
  })),
});

/**
 * The wall to edit for these members: the saved panels of those still members, and for each member
 * without one a full-HD panel in the next free cell of a grid (as square as the count allows), the
 * canvas grown to hold them all.
 */
export function wallFor(members: { id: string; name: string }[], saved: Wall | undefined): Wall {
  const kept = (saved?.panels ?? [])
    .filter((p) => members.some((m) => m.id === p.screenId))
    .map((p) => ({ ...p, screenName: members.find((m) => m.id === p.screenId)!.name }));
  const missing = members.filter((m) => !kept.some((p) => p.screenId === m.id));
  const columns = Math.max(1, Math.ceil(Math.sqrt(members.length)));
  const panels = [...kept];
  let cell = 0;
  let order = 0;
  for (const member of missing) {
    while (panels.some((p) => p.order === order)) order++;
    let placed: Panel;
    do {
      placed = newPanel(member, order, (cell % columns) * PANEL.width, Math.floor(cell / columns) * PANEL.height);
      cell++;
    } while (panels.some((p) => overlaps(p, placed)));
    panels.push(placed);
  }
  const width = Math.max(saved?.canvas.width ?? 0, ...panels.map((p) => p.x + p.width), MIN_CANVAS);
  const height = Math.max(saved?.canvas.height ?? 0, ...panels.map((p) => p.y + p.height), MIN_CANVAS);
  return { canvas: { width: Math.min(width, MAX_CANVAS), height: Math.min(height, MAX_CANVAS) }, panels };
}

export const overlaps = (a: Panel, b: Panel) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The panels that break a rule the server enforces (outside the canvas, overlapping another, bezels leaving nothing). */
export function faultyPanels({ canvas, panels }: Wall): Set<string> {
  const faulty = new Set<string>();
  for (const p of panels) {
    const inner = innerRegion(p);
    if (p.x < 0 || p.y < 0 || p.x + p.width > canvas.width || p.y + p.height > canvas.height || inner.width < 1 || inner.height < 1) faulty.add(p.screenId);
    for (const o of panels) if (o !== p && overlaps(p, o)) faulty.add(p.screenId);
  }
  return faulty;
}

/** Where a panel moved by (dx, dy) lands: kept inside the canvas, and drawn to an edge of the canvas or of another panel within `snap` pixels. */
export function movePanel(panel: Panel, dx: number, dy: number, wall: Wall, snap: number): Panel {
  const others = wall.panels.filter((p) => p.screenId !== panel.screenId);
  const snapTo = (value: number, size: number, limit: number, edges: number[]) => {
    const target = clamp(Math.round(value), 0, limit - size);
    const candidates = [0, limit - size, ...edges.flatMap((e) => [e, e - size])];
    const nearest = candidates.reduce((best, c) => (Math.abs(c - target) < Math.abs(best - target) ? c : best));
    return Math.abs(nearest - target) <= snap ? clamp(nearest, 0, limit - size) : target;
  };
  return {
    ...panel,
    x: snapTo(
      panel.x + dx,
      panel.width,
      wall.canvas.width,
      others.flatMap((o) => [o.x, o.x + o.width]),
    ),
    y: snapTo(
      panel.y + dy,
      panel.height,
      wall.canvas.height,
      others.flatMap((o) => [o.y, o.y + o.height]),
    ),
  };
}

/** A quarter turn more: a screen mounted on its side is as wide as it was tall. */
export function turnPanel(panel: Panel, canvas: Canvas): Panel {
  const rotation = ROTATIONS[(ROTATIONS.indexOf(panel.rotation as (typeof ROTATIONS)[number]) + 1) % ROTATIONS.length]!;
  const [width, height] = [panel.height, panel.width];
  return { ...panel, rotation, width, height, x: clamp(panel.x, 0, canvas.width - width), y: clamp(panel.y, 0, canvas.height - height) };
}

/** The part of the canvas a panel's screen shows: its rectangle less the bezels (the frame hides what lies behind it). */
export function innerRegion(p: Panel) {
  return { x: p.x + p.bezelLeft, y: p.y + p.bezelTop, width: p.width - p.bezelLeft - p.bezelRight, height: p.height - p.bezelTop - p.bezelBottom };
}

/** What `PUT /screen-groups/{id}/span` takes: the panels without the names the server keeps. */
export function spanBody({ canvas, panels }: Wall) {
  return { displayMode: 'span' as const, canvas, panels: panels.map(({ screenName: _, ...p }) => p) };
}
