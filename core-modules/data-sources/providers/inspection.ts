import { parse as parseCsv } from 'csv-parse/sync';
import { plainText } from './feed-items.js';
import { parseAtom, parseRss, SourceParseError } from './feeds.js';
import type { FieldMapping } from './tables.js';
import { atPointer } from './tables.js';

/** One field found in a source's data, which a mapping can name (a JSON Pointer or a CSV column). */
export interface InspectedField {
  key: string;
  label: string;
  samples: string[];
  type: 'text' | 'number' | 'date' | 'datetime';
}

/** What a source holds before it has a mapping: its fields, a suggested mapping, what it can fill. */
export interface Inspection {
  provider: string;
  fields: InspectedField[];
  rowCount: number;
  delimiter?: string;
  suggested: FieldMapping;
  available: Record<'title' | 'subtitle' | 'date' | 'author' | 'description' | 'image' | 'link', boolean>;
}

const SAMPLES = 3;
const SAMPLE_CHARS = 80;
const MAX_FIELDS = 80;
const SAMPLE_ROWS = 20;

// The names each record field recognises in a column or property name, most specific first.
const CANDIDATES: Record<'title' | 'subtitle' | 'date' | 'imageUrl' | 'link', string[]> = {
  title: ['title', 'name', 'item', 'event', 'subject', 'headline', 'label', 'summary'],
  subtitle: ['subtitle', 'detail', 'details', 'description', 'room', 'location', 'category', 'note'],
  date: ['date', 'startdate', 'start', 'starttime', 'datetime', 'when', 'day', 'published', 'publishedat'],
  imageUrl: ['image', 'imageurl', 'imagelink', 'photo', 'picture', 'thumbnail'],
  link: ['link', 'url', 'website', 'href', 'moreinfo', 'page'],
};
const squash = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

function typeOf(samples: string[]): InspectedField['type'] {
  if (samples.length && samples.every((s) => s !== '' && Number.isFinite(Number(s)))) return 'number';
  if (samples.length && samples.every((s) => /^\d{4}-\d{2}-\d{2}$/.test(s))) return 'date';
  if (samples.length && samples.every((s) => /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s) || (/[a-z]{3},? \d/i.test(s) && Number.isFinite(Date.parse(s))))) {
    return 'datetime';
  }
  return 'text';
}

function field(key: string, label: string, values: unknown[]): InspectedField {
  const samples = values
    .map((v) => plainText(v, SAMPLE_CHARS))
    .filter(Boolean)
    .slice(0, SAMPLES);
  return { key, label, samples, type: typeOf(samples) };
}

/** A starting mapping from the fields' names (the last segment of a pointer); the author decides. */
function suggest(fields: InspectedField[]): FieldMapping {
  const mapping: FieldMapping = {};
  const taken = new Set<string>();
  for (const [slot, names] of Object.entries(CANDIDATES) as [keyof typeof CANDIDATES, string[]][]) {
    for (const name of names) {
      const found = fields.find((f) => !taken.has(f.key) && squash(f.label) === name);
      if (found) {
        mapping[slot] = found.key;
        taken.add(found.key);
        break;
      }
    }
  }
  return mapping;
}

// Leaf values of an object, by JSON Pointer, a few levels deep (arrays are not entered).
function leaves(value: unknown, prefix: string, depth: number, into: Map<string, unknown[]>): void {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    if (prefix) into.set(prefix, [...(into.get(prefix) ?? []), value]);
    return;
  }
  if (depth === 0) return;
  for (const [key, child] of Object.entries(value)) leaves(child, `${prefix}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth - 1, into);
}

/** The first list of objects in a document, breadth first: where the records likely are. */
function firstList(document: unknown): string | undefined {
  const queue: [unknown, string][] = [[document, '']];
  while (queue.length) {
    const [value, path] = queue.shift()!;
    if (Array.isArray(value)) {
      if (value.some((v) => v && typeof v === 'object' && !Array.isArray(v))) return path;
      continue;
    }
    if (value && typeof value === 'object' && path.split('/').length < 5) {
      for (const [key, child] of Object.entries(value)) queue.push([child, `${path}/${key}`]);
    }
  }
  return undefined;
}

const AVAILABLE_NONE = { title: false, subtitle: false, date: false, author: false, description: false, image: false, link: false };

/** Inspects a body as `provider` reads it. Throws SourceParseError when the body is not that kind of document. */
export function inspect(provider: string, body: string, hint: { rootList?: string; delimiter?: string }): Inspection {
  if (provider === 'rss' || provider === 'atom') {
    const items = provider === 'rss' ? parseRss(body) : parseAtom(body);
    const standard = ['title', 'subtitle', 'date', 'author', 'description', 'imageUrl', 'link'] as const;
    const fields = standard.map((key) =>
      field(
        key,
        key,
        items.map((i) => i[key]),
      ),
    );
    const has = (key: (typeof standard)[number]) => items.some((i) => i[key] !== '');
    return {
      provider,
      fields: fields.filter((f) => f.samples.length),
      rowCount: items.length,
      suggested: {},
      available: {
        title: has('title'),
        subtitle: has('subtitle'),
        date: has('date'),
        author: has('author'),
        description: has('description'),
        image: has('imageUrl'),
        link: has('link'),
      },
    };
  }
  if (provider === 'json') {
    let document: unknown;
    try {
      document = JSON.parse(body);
    } catch (err) {
      throw new SourceParseError(`The body is not JSON: ${(err as Error).message}`);
    }
    const rootList = hint.rootList ?? firstList(document);
    const list = rootList === undefined ? undefined : atPointer(document, rootList);
    if (!Array.isArray(list)) throw new SourceParseError('No list of records was found in the document.');
    const byPath = new Map<string, unknown[]>();
    for (const element of list.slice(0, SAMPLE_ROWS)) leaves(element, '', 3, byPath);
    const fields = [...byPath]
      .slice(0, MAX_FIELDS)
      .map(([path, values]) => field(path, path.split('/').pop()!.replace(/~1/g, '/').replace(/~0/g, '~'), values));
    const suggested = { rootList, ...suggest(fields) };
    return { provider, fields, rowCount: list.length, suggested, available: availableFrom(suggested) };
  }
  const delimiter = hint.delimiter ?? detectDelimiter(body);
  let rows: string[][];
  try {
    // Read whole (the row count needs every row): a fault anywhere is the body's, not a crash.
    rows = parseCsv(body, { bom: true, delimiter, skip_empty_lines: true, relax_column_count: true });
  } catch (err) {
    throw new SourceParseError(`The body is not CSV: ${(err as Error).message}`);
  }
  const [header = [], ...all] = rows;
  const data = all.slice(0, SAMPLE_ROWS);
  const fields = header.slice(0, MAX_FIELDS).map((name, i) =>
    field(
      name,
      name,
      data.map((r) => r[i]),
    ),
  );
  const suggested = suggest(fields);
  return { provider, fields, rowCount: all.length, delimiter, suggested, available: availableFrom(suggested) };
}

const availableFrom = (m: FieldMapping) => ({
  ...AVAILABLE_NONE,
  title: !!m.title,
  subtitle: !!m.subtitle,
  date: !!m.date,
  image: !!m.imageUrl,
  link: !!m.link,
});

/** The delimiter that splits the header line into the most columns. */
function detectDelimiter(body: string): string {
  const header = body.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t', '|'].map((d) => [d, header.split(d).length] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}
