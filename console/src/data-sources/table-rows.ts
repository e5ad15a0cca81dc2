// A manual table's rows as the grid edits them, with no React. Rows keep the id the server gave them,
// so a record keeps its identity from one save to the next; new rows get theirs when saved.
// With its extension: the server's tests import this file under Node's module resolution.
import type { PastedBlock, TableColumn } from './paste-cells.js';

export interface TableRow {
  id?: string;
  /** A key for React while the row has no id yet. */
  draftKey: string;
  values: Record<string, string>;
}

let drafts = 0;
export const newRow = (values: Record<string, string> = {}): TableRow => ({ draftKey: `draft-${++drafts}`, values });

/** The rows with a pasted block laid in: cells replaced where the block has them, rows added up to `maxRows`. Pure but for new rows' draft keys. */
export function withBlock(rows: TableRow[], block: PastedBlock, maxRows: number): { rows: TableRow[]; cut: boolean } {
  const next = [...rows];
  let cut = false;
  for (const { row, values } of block.rows) {
    if (row >= maxRows) {
      cut = true;
      continue;
    }
    while (next.length <= row) next.push(newRow());
    const current = next[row] as TableRow;
    next[row] = { ...current, values: { ...current.values, ...values } };
  }
  return { rows: next, cut };
}

/** The rows as the API takes them: each column's non-empty cell, nothing of a removed column. */
export function rowsForSave(rows: TableRow[], columns: TableColumn[]): { id?: string; values: Record<string, string> }[] {
  return rows.map((r) => ({
    ...(r.id ? { id: r.id } : {}),
    values: Object.fromEntries(columns.flatMap((c) => (r.values[c.key]?.trim() ? [[c.key, r.values[c.key] as string]] : []))),
  }));
}

/** A column key from its name: `Price (EUR)` → `priceEur`; a letter first, as the API wants. */
export function keyFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\w\s]/g, ' ')
    .trim()
    .split(/[\s_]+/)
    .filter(Boolean);
  const key = words.map((w, i) => (i === 0 ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())).join('');
  return /^[a-z]/.test(key) ? key.slice(0, 40) : `c${key}`.slice(0, 40);
}
