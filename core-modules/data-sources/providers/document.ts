import type { FeedItem } from './feed-items.js';
import { ownValue } from '../../../kernel/collections.js';

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
export type FieldType = 'text' | 'number' | 'integer' | 'percent' | 'currency' | 'boolean' | 'date' | 'datetime' | 'url';

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

/** One dataset of a data document (`dataDocument.datasets[]`): typed fields and records. */
export interface Dataset {
  id: string;
  kind: 'records';
  fields: DocumentField[];
  records: { id: string; values: Record<string, DocumentValue> }[];
  cache: CacheState;
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

const typedValue = (type: 'text' | 'datetime' | 'url', text: string): DocumentValue =>
  type === 'datetime' ? { kind: 'datetime', datetime: text } : type === 'url' ? { kind: 'url', url: text } : { kind: 'text', text };

/** Feed items as the one `records` dataset of a document: the standard fields any item has, then the mapped value fields. */
export function recordsDataset(items: FeedItem[], valueFields: string[], cache: CacheState): Dataset {
  const standard = STANDARD.filter((f) => items.some((i) => i[f.of] !== ''));
  const fields: DocumentField[] = [...standard.map(({ of: _, ...f }) => f), ...valueFields.map((key) => ({ key, label: key, type: 'text' as const }))];
  return {
    id: 'records',
    kind: 'records',
    fields,
    records: items.map((item) => ({
      id: item.id,
      values: Object.fromEntries([
        ...standard.filter((f) => item[f.of] !== '').map((f) => [f.key, typedValue(f.type, item[f.of])]),
        ...valueFields.filter((k) => ownValue(item.values, k)).map((k) => [k, typedValue('text', item.values[k]!)]),
      ]),
    })),
    cache,
  };
}
