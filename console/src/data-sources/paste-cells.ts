// Cells pasted from a spreadsheet into a manual table, with no React: spreadsheets put tab-separated
// rows on the clipboard (a cell holding a tab, a newline or a quote is quoted, its quotes doubled).
// Each cell is converted to what the table's column stores (the text the API takes), or reported.

export type CellType = 'text' | 'number' | 'integer' | 'percent' | 'currency' | 'boolean' | 'date' | 'datetime' | 'url';
export interface TableColumn {
  key: string;
  label: string;
  type: CellType;
}
export interface PasteProblem {
  /** 0-based row and column of the table the cell was meant for. */
  row: number;
  column: string;
  value: string;
  expected: Exclude<CellType, 'text'>;
}
export interface PastedBlock {
  /** Where each pasted row lands (`startRow` on), with the cells it converted by column key. */
  rows: { row: number; values: Record<string, string> }[];
  problems: PasteProblem[];
  /** Cells beyond the table's last column, left out. */
  cellsCut: number;
}

/** The clipboard's text as rows of cells: tabs between cells, CR/LF between rows, spreadsheet quoting. */
export function splitClipboard(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let atCellStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
      continue;
    }
    if (c === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (c === '\t') {
      row.push(cell);
      cell = '';
      atCellStart = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      atCellStart = true;
    } else {
      cell += c;
      atCellStart = false;
    }
  }
  // A spreadsheet ends its copy with a newline: no empty last row from it.
  if (cell !== '' || row.length) rows.push([...row, cell]);
  return rows;
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'x', '✓']);
const FALSE = new Set(['false', 'no', 'n', '0', '']);

/**
 * `1 234,50 €`, `$1,234.50`, `12 %` → `1234.5`, `12`; undefined for what is not a number. A currency
 * sign or percent is dropped; a comma is a decimal point only as the one separator before 1–2 digits
 * or after dotted thousands.
 */
function numberText(raw: string): string | undefined {
  let text = raw.replace(/[\s\u00a0\u202f]/g, '').replace(/^\p{Sc}|[%\p{Sc}]$/gu, '');
  if (/^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/.test(text)) text = text.replace(/\./g, '').replace(',', '.');
  else if (/^[-+]?\d+,\d{1,2}$/.test(text)) text = text.replace(',', '.');
  else text = text.replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  return String(Number(text));
}

const pad = (n: number) => String(n).padStart(2, '0');
function isDay(y: number, m: number, d: number) {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
/** `2026-12-24` or `24.12.2026` (day first, as the dotted form always is) → `2026-12-24`. */
function dateText(raw: string): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]].map(Number) : dotted ? [dotted[3], dotted[2], dotted[1]].map(Number) : [];
  return y !== undefined && m !== undefined && d !== undefined && isDay(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : undefined;
}
/** A date with a time (`2026-12-24 18:30`, ISO 8601 with or without zone; no zone is the browser's) → ISO 8601 UTC. */
function dateTimeText(raw: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}/.test(raw)) return undefined;
  const at = Date.parse(raw.replace(' ', 'T'));
  return Number.isFinite(at) ? new Date(at).toISOString() : undefined;
}

/** The text a column of `type` stores for a pasted cell: '' for an empty cell, undefined when it does not fit. Pure. */
export function convertCell(type: CellType, raw: string): string | undefined {
  const text = raw.trim();
  if (text === '') return '';
  switch (type) {
    case 'number':
    case 'percent':
    case 'currency':
      return numberText(text);
    case 'integer': {
      const n = numberText(text);
      return n !== undefined && /^-?\d{1,15}$/.test(n) ? n : undefined;
    }
    case 'boolean': {
      const lower = text.toLowerCase();
      return TRUE.has(lower) ? 'true' : FALSE.has(lower) ? 'false' : undefined;
    }
    case 'date':
      return dateText(text);
    case 'datetime':
      return dateTimeText(text);
    case 'url':
      return /^https?:\/\/\S+$/i.test(text) && URL.canParse(text) ? text : undefined;
    default:
      return raw;
  }
}

/**
 * A pasted block laid into the table from the cell at `startRow`, `startColumn`: each cell converted
 * to its column's type. A cell that does not fit is reported and left out of its row (the cell keeps
 * what it held); cells past the last column are counted and left out. Pure.
 */
export function pasteBlock(text: string, columns: TableColumn[], startRow: number, startColumn: number): PastedBlock {
  const block: PastedBlock = { rows: [], problems: [], cellsCut: 0 };
  for (const [i, cells] of splitClipboard(text).entries()) {
    const row = startRow + i;
    const values: Record<string, string> = {};
    for (const [j, raw] of cells.entries()) {
      const column = columns[startColumn + j];
      if (!column) {
        if (raw.trim() !== '') block.cellsCut++;
        continue;
      }
      const value = convertCell(column.type, raw);
      if (value === undefined) block.problems.push({ row, column: column.key, value: raw, expected: column.type as PasteProblem['expected'] });
      else values[column.key] = value;
    }
    block.rows.push({ row, values });
  }
  return block;
}
