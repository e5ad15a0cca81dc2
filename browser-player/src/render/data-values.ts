/**
 * The records of the manifest's data sources (`dataSources[].dataDocument.datasets[]`), as widgets
 * and layout text read them, and their values as text. Read defensively: the wire leaves datasets open.
 */

export interface DataRecord {
  id: string;
  values: Record<string, unknown>;
}

export interface DataSet {
  id: string;
  records: DataRecord[];
}

/** Finds a dataset by `sourceId` (its first dataset) or `sourceId:datasetId`. */
export type DataLookup = (ref: string) => DataSet | undefined;

export function dataLookupOf(sources: { id: string; dataDocument?: { datasets: unknown[] } }[]): DataLookup {
  return (ref) => {
    const [sourceId, datasetId] = ref.split(':');
    const datasets = (sources.find((s) => s.id === sourceId)?.dataDocument?.datasets ?? []).filter(isDataSet);
    return datasetId ? datasets.find((d) => d.id === datasetId) : datasets[0];
  };
}

function isDataSet(value: unknown): value is DataSet {
  return typeof value === 'object' && value !== null && Array.isArray((value as { records?: unknown }).records);
}

/** A typed value as plain text, unformatted (`4.5`, `true`, `2026-11-30`): what conditions compare; `''` when absent. */
export function plainValue(value: unknown): string {
  const raw = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[String((value as { kind?: unknown }).kind)] : undefined;
  return raw === undefined || raw === null ? '' : String(raw);
}

/** A typed value as a number (a number field, or text that is one), for charts; undefined otherwise. */
export function numberValue(value: unknown): number | undefined {
  const text = plainValue(value).trim();
  const n = text === '' ? Number.NaN : Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * A typed value (`{kind:'text', text}`, `{kind:'number', number}`, ...) as text, in a binding's
 * format (`number`, `integer`, `percent`, `currency`, `date-short`, `date-long`); undefined when absent.
 */
export function valueText(value: unknown, format?: string, precision?: number): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const v = value as { kind?: string } & Record<string, unknown>;
  const raw = v.kind ? v[v.kind] : undefined;
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw === 'number') {
    const digits = precision ?? (format === 'integer' ? 0 : undefined);
    const options: Intl.NumberFormatOptions = digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits };
    if (format === 'percent') return new Intl.NumberFormat(undefined, { ...options, style: 'percent' }).format(raw / 100);
    return new Intl.NumberFormat(undefined, options).format(raw);
  }
  if ((v.kind === 'date' || v.kind === 'datetime') && typeof raw === 'string' && format?.startsWith('date-')) {
    // A calendar day (YYYY-MM-DD) is the same day everywhere: read it at noon UTC and show it in UTC.
    const day = v.kind === 'date';
    const at = new Date(day ? `${raw}T12:00:00Z` : raw);
    if (Number.isNaN(at.getTime())) return raw;
    return new Intl.DateTimeFormat(undefined, { dateStyle: format === 'date-long' ? 'long' : 'short', ...(day ? { timeZone: 'UTC' } : {}) }).format(at);
  }
  return String(raw);
}
