// Pure: a comparison of two publications laid out side by side (no imports: unit tests load this file alone).

export interface Change {
  kind: string;
  path: string;
  description: string;
}

/** One thing as a revision had it: its name and its facts (field and value), in words a reader can follow. */
export interface Shown {
  name?: string;
  facts: { key: string; value: string | number | boolean }[];
}

export interface DiffRow extends Change {
  /** What stood at the path in the earlier revision; undefined when it was not there (or unknown). */
  before?: Shown;
  after?: Shown;
}

type Json = unknown;

const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);
// Ids name things for machines; the name and facts say what a reader needs.
const hidden = (key: string) => key === 'id' || key === 'name' || /Id$/.test(key) || /Sha256$/.test(key);

/** Follows `placements/<id>`, `items/3` or `canvas/width` into a document: array steps by id, else by index. */
export function atPath(document: Json, path: string): Json {
  let here = document;
  for (const step of path.split('/').filter(Boolean)) {
    if (Array.isArray(here)) here = here.find((e) => isObject(e) && e.id === step) ?? (/^\d+$/.test(step) ? here[Number(step)] : undefined);
    else if (isObject(here)) here = here[step];
    else return undefined;
  }
  return here;
}

/** Plain fields, one level of nesting flattened (`primitive.kind`); ids and digests left out. */
function facts(value: Record<string, Json>, prefix = ''): Shown['facts'] {
  return Object.entries(value).flatMap(([key, v]) => {
    if (hidden(key) || v === null || v === undefined) return [];
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return [{ key: `${prefix}${key}`, value: v }];
    return isObject(v) && !prefix ? facts(v, `${key}.`) : [];
  });
}

/** A value in words: an object by its name and plain fields, anything else as the field at the path's end. */
export function show(value: Json, path: string): Shown | undefined {
  if (value === undefined) return undefined;
  if (isObject(value)) return { ...(typeof value.name === 'string' ? { name: value.name } : {}), facts: facts(value) };
  const key = path.split('/').pop() ?? path;
  return { facts: [{ key, value: typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : JSON.stringify(value) }] };
}

/** Of a thing in both revisions, only the facts that differ: what a moved or changed row is about. */
function onlyDiffering(before: Shown, after: Shown): [Shown, Shown] {
  const was = new Map(before.facts.map((f) => [f.key, f.value]));
  const is = new Map(after.facts.map((f) => [f.key, f.value]));
  const differs = (key: string) => was.get(key) !== is.get(key);
  return [
    { ...before, facts: before.facts.filter((f) => differs(f.key)) },
    { ...after, facts: after.facts.filter((f) => differs(f.key)) },
  ];
}

/**
 * The server's changes beside what each revision held at the change's path: an addition has only an
 * after, a removal only a before, a move or change both with the facts that differ. Without the
 * documents (a publication older than history) a row keeps only the server's description. Pure.
 */
export function sideBySide(changes: Change[], from?: Json, to?: Json): DiffRow[] {
  return changes.map((change) => {
    const before = from === undefined ? undefined : show(atPath(from, change.path), change.path);
    const after = to === undefined ? undefined : show(atPath(to, change.path), change.path);
    if (before && after && isObject(atPath(from, change.path))) {
      const [b, a] = onlyDiffering(before, after);
      return { ...change, before: b, after: a };
    }
    return { ...change, ...(before ? { before } : {}), ...(after ? { after } : {}) };
  });
}

/** A field's key in words when the catalog has none: `backgroundColor` → `background color`, `primitive.kind` → `primitive kind`. */
export const humanKey = (key: string) =>
  key
    .replace(/\./g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
