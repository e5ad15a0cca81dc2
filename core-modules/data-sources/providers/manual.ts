import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { cellValue, type DataDocument, FIELD_TYPES, type FieldType } from './document.js';
import type { DataSourceProvider } from './provider.js';
import { completeSelection, type DateSelection, DateSelectionSchema, documentSelection, selectionProblem } from './date-selection.js';
import { ownValue } from '../../../kernel/collections.js';

export const MAX_COLUMNS = 12;
export const MAX_ROWS = 200;

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
  dateField: Type.Optional(Type.String({ maxLength: 40, description: 'The date or datetime column a date selection reads.' })),
  dateSelection: Type.Optional(DateSelectionSchema),
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
  dateField?: string;
  dateSelection?: DateSelection;
}

/** What is wrong with a table (undefined when nothing): unique column keys, currencies, cells that fit their column. */
export function tableProblem(t: ManualTable): string | undefined {
  const keys = new Set(t.columns.map((c) => c.key));
  if (keys.size !== t.columns.length) return 'Column keys must be unique.';
  const currencyless = t.columns.find((c) => c.type === 'currency' && !c.currency);
  if (currencyless) return `Column ${currencyless.key} is a currency and needs a three-letter currency code.`;
  if (t.dateSelection?.enabled) {
    const dated = t.columns.find((c) => c.key === t.dateField);
    if (!dated || (dated.type !== 'date' && dated.type !== 'datetime')) return 'A date selection needs dateField to name a date or datetime column.';
  }
  const selection = selectionProblem(t.dateSelection);
  if (selection) return selection;
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
  const selection = t.dateSelection?.enabled && t.dateField ? documentSelection(t.dateSelection, t.dateField) : undefined;
  return {
    schemaVersion: 1,
    datasets: [
      {
        ...(selection ? { timezone: selection.timezone, dateSelection: selection } : {}),
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
  label: 'Manual table',
  description: 'A bounded typed table kept by hand in the console or written by an integration.',
  shape: { numeric: true, temporal: true },
  fields: (t) => t.columns.map((c) => ({ key: c.key, label: c.label, type: c.type })),
  configuration: ManualConfig,
  problem: tableProblem,
  // Every row gets an id, stored with it: records keep their identity from one write to the next.
  complete: (t) => ({
    ...t,
    rows: t.rows.map((r) => ({ ...r, id: r.id ?? randomUUID() })),
    ...(t.dateSelection ? { dateSelection: completeSelection(t.dateSelection) } : {}),
  }),
  refreshSeconds: () => undefined,
  produce: async (t, ctx) => tableDocument(t, ctx.now),
};
