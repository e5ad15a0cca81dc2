import type { LayoutDocument, Placement } from './types';

export type NewPlacement =
  | { kind: 'widget'; id: string; name: string }
  | { kind: 'asset'; id: string; name: string; variantId?: string }
  | { kind: 'playlistZone'; id: string; name: string }
  | { kind: 'text'; name: string; text: string }
  | { kind: 'rectangle'; name: string };

/** A new placement, a quarter of the canvas at its centre, above every other. */
export function newPlacement(what: NewPlacement, document: LayoutDocument): Placement {
  const { width, height } = document.canvas;
  const w = Math.round(width / 4);
  const h = Math.round(what.kind === 'text' ? height / 8 : height / 4);
  const layer = Math.min(999, Math.max(-1, ...document.placements.map((p) => p.layer)) + 1);
  const base = {
    id: crypto.randomUUID(),
    name: what.name,
    x: Math.round((width - w) / 2),
    y: Math.round((height - h) / 2),
    width: w,
    height: h,
    layer,
    opacity: 1,
    visible: true,
    locked: false,
  };
  switch (what.kind) {
    case 'widget':
      return { ...base, type: 'widget', widgetId: what.id };
    case 'asset':
      return { ...base, type: 'asset', assetId: what.id, playback: { fit: 'contain' } };
    case 'playlistZone':
      return { ...base, type: 'playlistZone', playlistId: what.id };
    case 'text':
      return {
        ...base,
        type: 'primitive',
        primitive: { kind: 'text', text: what.text, fontSize: 64, color: '#FFFFFF', textAlign: 'center', verticalAlign: 'center' },
      };
    case 'rectangle':
      return { ...base, type: 'primitive', primitive: { kind: 'rectangle', fillColor: '#2F80ED' } };
  }
}

/** The placements from the top layer down (the layers panel's order); equal layers by document order, later on top. */
export const topDown = (placements: Placement[]) =>
  placements
    .map((p, i) => ({ p, i }))
    .sort((a, b) => b.p.layer - a.p.layer || b.i - a.i)
    .map(({ p }) => p);

/** The document with one placement changed. */
export const withPlacement = (document: LayoutDocument, id: string, change: Partial<Placement>): LayoutDocument => ({
  ...document,
  placements: document.placements.map((p) => (p.id === id ? { ...p, ...change } : p)),
});
