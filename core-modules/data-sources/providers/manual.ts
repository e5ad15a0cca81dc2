import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { isCalendarDate } from '../../../kernel/local-time.js';
import type { DataDocument, DocumentValue, FieldType } from './document.js';
import type { DataSourceProvider } from './provider.js';
import { ownValue } from '../../../kernel/collections.js';

export const MAX_COLUMNS = 12;
export const MAX_ROWS = 200;
const FIELD_TYPES: FieldType[] = ['text', 'number', 'integer', 'percent', 'currency', 'boolean', 'date', 'datetime', 'url'];

const Column = Type.Object({
  key: Type.String({ pattern: '^[a-z][A-Za-z0-9_]{0,39}$', description: 'Starts with a lowercase letter; letters, digits and _.' }),
  label: Type.String({ minLength: 1, maxLength: 80 }),
  type: Type.Union(FIELD_TYPES.map((t) => Type.Literal(t))),
  currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
});
const Row = Type.Object({
  id: Type.Optional(Type.String({ format: 'uuid' })),
  values: Type.Record(Type.String(), Type.String({ maxLength: 2000 })),
});

export const ManualConfig = Type.Object({
  columns: Type.Array(Column, { minItems: 1, maxItems: MAX_COLUMNS }),
  rows: Type.Optional(Type.Array(Row, { maxItems: MAX_ROWS, default: [] })),
});

export interface ManualColumn {
  key: string;
  label: string;
  type: FieldType;
  currency?: string;
}
export interface ManualTable {
  columns: ManualColumn[];
  rows: { id?: string; values: Record<string, string> }[];
}

/** The typed value of a cell as written, or why it is not one. Pure. */
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

/** What is wrong with a table (undefined when nothing): unique column keys, currencies, cells that fit their column. */
export function tableProblem(t: ManualTable): string | undefined {
  const keys = new Set(t.columns.map((c) => c.key));
  if (keys.size !== t.columns.length) return 'Column keys must be unique.';
  const currencyless = t.columns.find((c) => c.type === 'currency' && !c.currency);
  if (currencyless) return `Column ${currencyless.key} is a currency and needs a three-letter currency code.`;
  const ids = new Set<string>();
  for (const [i, row] of t.rows.entries()) {
    if (row.id && ids.has(row.id)) return `Row ${i + 1} repeats the id of another row.`;
    if (row.id) ids.add(row.id);
    for (const [key, value] of Object.entries(row.values)) {
      const column = t.columns.find((c) => c.key === key);
      if (!column) return `Row ${i + 1} has no column “${key}” in this table.`;
      const typed = cellValue(column.type, value);
      if (typeof typed === 'string' && value.trim() !== '') return `Row ${i + 1}, ${column.label}: ${typed}.`;
    }
  }
  return undefined;
}

/** The table as a document: one dataset with the columns as fields; empty cells are left out. */
export function tableDocument(t: ManualTable, now: Date): DataDocument {
  return {
    schemaVersion: 1,
    datasets: [
      {
        id: 'records',
        kind: 'records',
        fields: t.columns.map((c) => ({ key: c.key, label: c.label, type: c.type, ...(c.currency ? { currency: c.currency } : {}) })),
        records: t.rows.map((row) => ({
          id: row.id ?? randomUUID(),
          values: Object.fromEntries(
            t.columns.flatMap((c) => {
              const raw = ownValue(row.values, c.key);
              const typed = raw === undefined || raw.trim() === '' ? undefined : cellValue(c.type, raw);
              return typed && typeof typed !== 'string' ? [[c.key, typed]] : [];
            }),
          ),
        })),
        // A table changes only when written: its data is as fresh as its last write.
        cache: { cachedAt: now.toISOString(), staleAt: null, usingCachedData: false, unavailable: false },
      },
    ],
  };
}

/** A table people (or an integration) write: up to 12 typed columns and 200 rows, no fetching. */
export const manualProvider: DataSourceProvider<ManualTable> = {
  name: 'manual',
  configuration: ManualConfig,
  problem: tableProblem,
  // Every row gets an id, stored with it: records keep their identity from one write to the next.
  complete: (t) => ({ ...t, rows: t.rows.map((r) => ({ ...r, id: r.id ?? randomUUID() })) }),
  refreshSeconds: () => undefined,
  produce: async (t, ctx) => tableDocument(t, ctx.now),
};
