import type { FeedItem } from './feed-items.js';
import { ownValue } from '../../../kernel/collections.js';
import { isCalendarDate } from '../../../kernel/local-time.js';

/** A typed value as players read it (`DocumentValue`): the field named by `kind` holds it. */
export type DocumentValue =
  | { kind: 'text'; text: string }
  | { kind: 'number'; number: number }
  | { kind: 'integer'; integer: number }
  | { kind: 'boolean'; boolean: boolean }
  | { kind: 'date'; date: string }
  | { kind: 'datetime'; datetime: string }
  | { kind: 'url'; url: string };

/** Field types: a manual table's column types; feeds use text, datetime and url. */
export const FIELD_TYPES = ['text', 'number', 'integer', 'percent', 'currency', 'boolean', 'date', 'datetime', 'url'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface DocumentField {
  key: string;
  label: string;
  type: FieldType;
  /** ISO 4217, for currency fields. */
  currency?: string;
}

/** How fresh a dataset is, as players show it (stale data is marked, unavailable data is hidden). */
export interface CacheState {
  cachedAt: string | null;
  staleAt: string | null;
  usingCachedData: boolean;
  unavailable: boolean;
}

/** Which day's records players show (`DocumentDateSelection`): those dated in `field` (see date-selection.ts). */
export interface DatasetDateSelection {
  field: string;
  timezone: string;
  mode: string;
  customStartDate: string;
  customEndDate: string;
  excludePast: boolean;
  noMatchBehavior: string;
  fallbackText: string;
}

/** One dataset of a data document (`dataDocument.datasets[]`): typed fields and records. */
export interface Dataset {
  id: string;
  kind: 'records';
  fields: DocumentField[];
  records: { id: string; values: Record<string, DocumentValue> }[];
  cache: CacheState;
  /** With `dateSelection`: the zone its days are counted in. */
  timezone?: string;
  dateSelection?: DatasetDateSelection;
}

/** What a source gives screens: `dataDocument` of its manifest entry. */
export interface DataDocument {
  schemaVersion: 1;
  datasets: Dataset[];
}

const STANDARD: (DocumentField & { type: 'text' | 'datetime' | 'url'; of: keyof Omit<FeedItem, 'id' | 'values'> })[] = [
  { key: 'title', label: 'Title', type: 'text', of: 'title' },
  { key: 'subtitle', label: 'Subtitle', type: 'text', of: 'subtitle' },
  { key: 'date', label: 'Date', type: 'datetime', of: 'date' },
  { key: 'author', label: 'Author', type: 'text', of: 'author' },
  { key: 'description', label: 'Description', type: 'text', of: 'description' },
  { key: 'imageUrl', label: 'Image', type: 'url', of: 'imageUrl' },
  { key: 'link', label: 'Link', type: 'url', of: 'link' },
];

// A date without a time (YYYY-MM-DD) is a day, the same in every zone; anything else in a date field is a moment.
const typedValue = (type: 'text' | 'datetime' | 'url', text: string): DocumentValue =>
  type === 'datetime'
    ? isCalendarDate(text)
      ? { kind: 'date', date: text }
      : { kind: 'datetime', datetime: text }
    : type === 'url'
      ? { kind: 'url', url: text }
      : { kind: 'text', text };

/**
 * Feed items as the one `records` dataset of a document: the standard fields any item has, then
 * the mapped value fields, each typed as the mapping says (a value that does not fit is left out).
 */
export function recordsDataset(items: FeedItem[], valueFields: { key: string; type: FieldType }[], cache: CacheState): Dataset {
  const standard = STANDARD.filter((f) => items.some((i) => i[f.of] !== ''));
  const daysOnly = items.every((i) => i.date === '' || isCalendarDate(i.date));
  const fields: DocumentField[] = [
    ...standard.map(({ of: _, ...f }) => (f.key === 'date' && daysOnly ? { ...f, type: 'date' as const } : f)),
    ...valueFields.map(({ key, type }) => ({ key, label: key, type })),
  ];
  return {
    id: 'records',
    kind: 'records',
    fields,
    records: items.map((item) => ({
      id: item.id,
      values: Object.fromEntries([
        ...standard.filter((f) => item[f.of] !== '').map((f) => [f.key, typedValue(f.type, item[f.of])]),
        ...valueFields.flatMap(({ key, type }) => {
          const raw = ownValue(item.values, key);
          const typed = raw ? cellValue(type, raw) : undefined;
          return typed && typeof typed !== 'string' ? [[key, typed]] : [];
        }),
      ]),
    })),
    cache,
  };
}

/** The typed value of a text as a field of `type` holds it (a table's cell, a mapped value), or why it is not one. Pure. */
export function cellValue(type: FieldType, raw: string): DocumentValue | string {
  const text = raw.trim();
  switch (type) {
    case 'number':
    case 'percent':
    case 'currency': {
      const n = Number(text);
      return text !== '' && Number.isFinite(n) ? { kind: 'number', number: n } : 'must be a number';
    }
    case 'integer':
      return /^-?\d{1,15}$/.test(text) ? { kind: 'integer', integer: Number(text) } : 'must be a whole number';
    case 'boolean':
      return text === 'true' || text === 'false' ? { kind: 'boolean', boolean: text === 'true' } : 'must be true or false';
    case 'date':
      return isCalendarDate(text) ? { kind: 'date', date: text } : 'must be a date (YYYY-MM-DD)';
    case 'datetime':
      return /^\d{4}-\d{2}-\d{2}T/.test(text) && Number.isFinite(Date.parse(text))
        ? { kind: 'datetime', datetime: new Date(text).toISOString() }
        : 'must be an ISO 8601 date and time';
    case 'url':
      return /^https?:\/\//i.test(text) && URL.canParse(text) ? { kind: 'url', url: text } : 'must be an http(s) URL';
    default:
      return { kind: 'text', text: raw };
  }
}

/** A typed value as text (previews, schema-11 players). Pure. */
export function valueText(v: DocumentValue): string {
  switch (v.kind) {
    case 'text':
      return v.text;
    case 'number':
      return String(v.number);
    case 'integer':
      return String(v.integer);
    case 'boolean':
      return String(v.boolean);
    case 'date':
      return v.date;
    case 'datetime':
      return v.datetime;
    case 'url':
      return v.url;
  }
}
