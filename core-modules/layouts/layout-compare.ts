import type { SemanticChange } from '../editorial/editorial.api.js';
import type { LayoutDocument, LayoutPlacement } from './layout-document.js';

const GEOMETRY = ['x', 'y', 'width', 'height', 'layer'] as const;
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const label = (p: LayoutPlacement) => `“${p.name}”`;

/**
 * What changed from one published layout to another, in document order: canvas fields, then
 * placements added, removed, moved (position, size or layer) and changed (anything else). Pure.
 */
export function compareLayouts(from: LayoutDocument, to: LayoutDocument): SemanticChange[] {
  const changes: SemanticChange[] = [];
  const keys = [...new Set([...Object.keys(from.canvas), ...Object.keys(to.canvas)])] as (keyof LayoutDocument['canvas'])[];
  for (const key of keys) {
    if (!same(from.canvas[key], to.canvas[key]))
      changes.push({ kind: 'changed', path: `canvas/${key}`, description: `Canvas ${key} changed from ${show(from.canvas[key])} to ${show(to.canvas[key])}.` });
  }
  const before = new Map(from.placements.map((p) => [p.id, p]));
  const after = new Set(to.placements.map((p) => p.id));
  for (const p of from.placements) {
    if (!after.has(p.id)) changes.push({ kind: 'removed', path: `placements/${p.id}`, description: `Placement ${label(p)} was removed.` });
  }
  for (const p of to.placements) {
    const old = before.get(p.id);
    if (!old) {
      changes.push({ kind: 'added', path: `placements/${p.id}`, description: `Placement ${label(p)} (${p.type}) was added.` });
      continue;
    }
    const moved = GEOMETRY.filter((k) => !same(old[k], p[k]));
    if (moved.length) changes.push({ kind: 'moved', path: `placements/${p.id}`, description: `Placement ${label(p)} changed its ${moved.join(', ')}.` });
    const fields = [...new Set([...Object.keys(old), ...Object.keys(p)])].filter(
      (k) => !(GEOMETRY as readonly string[]).includes(k) && !same(old[k as keyof LayoutPlacement], p[k as keyof LayoutPlacement]),
    );
    if (fields.length) changes.push({ kind: 'changed', path: `placements/${p.id}`, description: `Placement ${label(p)} changed its ${fields.join(', ')}.` });
  }
  return changes;
}

const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
