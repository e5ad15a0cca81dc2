import type { SemanticChange } from '../../editorial/editorial.api.js';
import type { DocumentItem, PlaylistDocument } from './playlist-document.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const show = (v: unknown) => (v === undefined ? 'nothing' : JSON.stringify(v));
const content = (i: DocumentItem) => (i.layoutId ? `layout ${i.layoutId}` : `asset ${i.assetId}`);
const label = (i: DocumentItem) => `Item ${i.position + 1} (${content(i)})`;

const FIELDS = ['name', 'description'] as const;
const RULE_FIELDS = ['sourceType', 'tagMatch', 'tagImageDurationMs', 'tagIds'] as const;

// The ids of the longest run of `a` that `b` keeps in the same order: the items that stayed put while others moved around them.
function keptInOrder(a: string[], b: string[]): Set<string> {
  const lengths = a.map(() => new Array<number>(b.length + 1).fill(0));
  lengths.push(new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lengths[i]![j] = a[i] === b[j] ? lengths[i + 1]![j + 1]! + 1 : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
    }
  }
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

/**
 * What changed from one frozen playlist to another, in document order: its name and description,
 * its tag rule, then items removed, added, moved (out of the order the others keep) and changed
 * (any other setting, or what it plays). Pure.
 */
export function comparePlaylists(from: PlaylistDocument, to: PlaylistDocument): SemanticChange[] {
  const changes: SemanticChange[] = [];
  for (const key of [...FIELDS, ...RULE_FIELDS]) {
    if (!same(from[key], to[key])) changes.push({ kind: 'changed', path: key, description: `${key} changed from ${show(from[key])} to ${show(to[key])}.` });
  }
  const before = new Map(from.items.map((i) => [i.id, i]));
  const after = new Set(to.items.map((i) => i.id));
  for (const item of from.items) {
    if (!after.has(item.id)) changes.push({ kind: 'removed', path: `items/${item.id}`, description: `${label(item)} was removed.` });
  }
  const common = (items: DocumentItem[], other: Set<string>) => items.filter((i) => other.has(i.id)).map((i) => i.id);
  const kept = keptInOrder(common(from.items, after), common(to.items, new Set(before.keys())));
  for (const item of to.items) {
    const old = before.get(item.id);
    if (!old) {
      changes.push({ kind: 'added', path: `items/${item.id}`, description: `${label(item)} was added.` });
      continue;
    }
    if (!kept.has(item.id)) changes.push({ kind: 'moved', path: `items/${item.id}`, description: `${label(item)} moved from position ${old.position + 1}.` });
    const fields = [...new Set([...Object.keys(old), ...Object.keys(item)])].filter(
      (k) => k !== 'position' && k !== 'id' && !same(old[k as keyof DocumentItem], item[k as keyof DocumentItem]),
    );
    if (fields.length) changes.push({ kind: 'changed', path: `items/${item.id}`, description: `${label(item)} changed its ${fields.join(', ')}.` });
  }
  return changes;
}
