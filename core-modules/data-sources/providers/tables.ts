import { parse as parseCsv } from 'csv-parse/sync';
import { type DateFormat, recordDate } from './date-selection.js';
import { type FeedItem, httpUrl, plainText } from './feed-items.js';
import { SourceParseError, stableId } from './feeds.js';
import { ownValue } from '../../../kernel/collections.js';

/**
 * Where each record field comes from: JSON Pointers (RFC 6901) for JSON, relative to each element
 * of the list at `rootList`; column names for CSV.
 */
export interface FieldMapping {
  rootList?: string;
  title?: string;
  subtitle?: string;
  date?: string;
  author?: string;
  description?: string;
  imageUrl?: string;
  link?: string;
  /** Named extra fields (at most 12), shown as the source's typed fields. */
  valueFields?: Record<string, string>;
}

const MAX_ROWS = 1000;

/** The value at a JSON Pointer, or undefined. */
export function atPointer(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  let current = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = ownValue(current as Record<string, unknown>, key);
  }
  return current;
}

const text = (value: unknown, max?: number) => (value !== null && typeof value === 'object' ? '' : plainText(value, max));

function mapped(read: (path: string) => unknown, m: FieldMapping, index: number, dateFormat: DateFormat): FeedItem {
  const at = (path: string | undefined) => (path ? read(path) : undefined);
  const values = Object.fromEntries(Object.entries(m.valueFields ?? {}).map(([name, path]) => [name, text(read(path), 500)]));
  const item = {
    title: text(at(m.title), 300),
    subtitle: text(at(m.subtitle), 300),
    date: recordDate(text(at(m.date), 100), dateFormat),
    author: text(at(m.author), 200),
    description: text(at(m.description)),
    imageUrl: httpUrl(at(m.imageUrl)),
    link: httpUrl(at(m.link)),
    values,
  };
  return { id: stableId(String(index), JSON.stringify(item)), ...item };
}

/** JSON: the list at `rootList`, each element mapped. */
export function parseJsonRecords(body: string, mapping: FieldMapping, dateFormat: DateFormat = 'auto'): FeedItem[] {
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch (err) {
    throw new SourceParseError(`The body is not JSON: ${(err as Error).message}`);
  }
  const list = atPointer(document, mapping.rootList ?? '');
  if (!Array.isArray(list)) throw new SourceParseError(`Nothing at ${mapping.rootList || 'the root'} is a list.`);
  return list.slice(0, MAX_ROWS).map((element, i) => mapped((path) => atPointer(element, path), mapping, i, dateFormat));
}

/** CSV with a header row: quoted fields, a byte-order mark and the given delimiter understood. */
export function parseCsvRecords(body: string, mapping: FieldMapping, delimiter = ',', dateFormat: DateFormat = 'auto'): FeedItem[] {
  let rows: Record<string, string>[];
  try {
    rows = parseCsv(body, { bom: true, columns: true, delimiter, skip_empty_lines: true, relax_column_count: true, to: MAX_ROWS, trim: true });
  } catch (err) {
    throw new SourceParseError(`The body is not CSV: ${(err as Error).message}`);
  }
  return rows.map((row, i) => mapped((column) => ownValue(row, column), mapping, i, dateFormat));
}
