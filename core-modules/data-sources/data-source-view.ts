import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid, isoOrNull, Stamp, present } from '../../kernel/http/wire.js';
import { type DataDocument, type Dataset, valueText } from './providers/document.js';
import type { OutputRow, SourceRow } from './data-sources.models.js';

export const ProviderSchema = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,39}$',
  description: '`rss`, `atom`, `json`, `csv`, `calendar`, `manual`, `form` (made with POST /api/v1/forms), or a plugin’s.',
});

/**
 * How a source's refreshes go (the reference's words): `pending` before the first, `ready`, `stale`
 * while refreshes fail and screens keep the last good output, `error` when they fail with none.
 */
const StatusSchema = Type.Union(['pending', 'ready', 'stale', 'error'].map((s) => Type.Literal(s)));

export const DataSourceSchema = Type.Object({
  id: Uuid,
  provider: ProviderSchema,
  name: Type.String(),
  description: Type.String(),
  configVersion: Type.Integer({ minimum: 1 }),
  configuration: Type.Record(Type.String(), Type.Unknown()),
  status: StatusSchema,
  cachedRecordCount: Type.Integer({ minimum: 0, description: 'Records in the output screens get (0 before the first good refresh).' }),
  refreshedAt: Nullable(Stamp),
  nextRefreshAt: Nullable(Stamp),
  lastError: Nullable(Type.Object({ code: Type.String(), message: Type.String(), at: Stamp })),
  createdBy: Nullable(Uuid),
  createdAt: Stamp,
  updatedAt: Stamp,
});
export type DataSourceView = Static<typeof DataSourceSchema>;

const statusOf = (o: OutputRow | undefined) => (!o?.attempted_at ? 'pending' : !o.error_code ? 'ready' : o.document ? 'stale' : 'error');
export const recordCount = (document: DataDocument | null | undefined) => (document?.datasets ?? []).reduce((n, d) => n + d.records.length, 0);

/** A source as the API shows it; `configuration` is what its provider shows of the stored one. */
export function dataSourceView(s: SourceRow, o: OutputRow | undefined, configuration: Record<string, unknown>): DataSourceView {
  return {
    id: s.id,
    provider: s.provider as DataSourceView['provider'],
    name: s.name,
    description: s.description,
    configVersion: s.config_version,
    configuration,
    status: statusOf(o),
    cachedRecordCount: recordCount(o?.document),
    refreshedAt: isoOrNull(o?.refreshed_at),
    nextRefreshAt: isoOrNull(o?.due_at),
    lastError: o?.error_code && o.attempted_at ? { code: o.error_code, message: o.error_message ?? '', at: o.attempted_at.toISOString() } : null,
    createdBy: s.created_by,
    createdAt: s.created_at.toISOString(),
    updatedAt: s.updated_at.toISOString(),
  };
}

const MaybeStamp = Nullable(Stamp);
// Absent rather than null where the reference leaves them out (its console's type has no null).
const Absent = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);
export const DiagnosticsSchema = Type.Object({
  dataSourceId: Uuid,
  provider: ProviderSchema,
  status: StatusSchema,
  lastSuccessfulRefresh: Absent(Stamp),
  lastAttemptedRefresh: Absent(Stamp),
  httpResultCategory: Absent(
    Type.String({
      description:
        'How the last fetch went: `success`, `http_<status>`, `network_error`, `blocked` (an address the server does not fetch), `response_too_large`; absent for a source that fetches nothing.',
    }),
  ),
  parseStatus: Type.Union(['pending', 'success', 'fetch_failed', 'parse_failed', 'failed'].map((s) => Type.Literal(s))),
  availableEventCount: Type.Integer({ minimum: 0, description: 'Events in the output (calendar sources).' }),
  availableItemCount: Type.Integer({ minimum: 0, description: 'Records in the output (other sources).' }),
  usingCachedData: Type.Boolean({ description: 'Refreshes fail and screens get the last good output.' }),
  cacheUpdatedAt: Absent(Stamp),
  cacheExpiresAt: Absent(Stamp),
  errorCode: Absent(Type.String()),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  refreshIntervalSeconds: Nullable(Type.Integer()),
  nextRefreshAt: MaybeStamp,
  durationMs: Nullable(Type.Integer()),
  consecutiveFailures: Type.Integer({ minimum: 0 }),
});
export type DiagnosticsView = Static<typeof DiagnosticsSchema>;

/** Where a failure code stopped the refresh: in the fetch (and how), after it, or elsewhere (null). */
const BLOCKED = new Set(['address_not_allowed', 'redirect_refused']);
const NETWORK = new Set(['timeout', 'dns_failed', 'connection_refused', 'connection_failed', 'tls_error', 'too_many_redirects', 'redirect_invalid']);
function httpResultCategory(code: string | null): string | null {
  if (!code || code === 'parse_failed') return 'success';
  if (code.startsWith('http_')) return code;
  if (code === 'too_large') return 'response_too_large';
  return BLOCKED.has(code) ? 'blocked' : NETWORK.has(code) ? 'network_error' : null;
}
const parseStatusOf = (o: OutputRow | undefined, fetches: boolean) => {
  if (!o?.attempted_at) return 'pending';
  if (!o.error_code) return 'success';
  if (o.error_code === 'parse_failed') return 'parse_failed';
  return fetches && httpResultCategory(o.error_code) ? 'fetch_failed' : 'failed';
};

/** What an output holds, as the reference counts it: events for a calendar, items for the rest. */
export function availableCounts(provider: string, document: DataDocument | null | undefined) {
  const count = recordCount(document);
  return provider === 'calendar' ? { availableEventCount: count, availableItemCount: 0 } : { availableEventCount: 0, availableItemCount: count };
}

/** A source's refresh diagnostics; `fetches` says whether its provider reads addresses at all. */
export function diagnosticsView(s: SourceRow, o: OutputRow | undefined, fetches: boolean, refreshSeconds: number | null): DiagnosticsView {
  return {
    dataSourceId: s.id,
    provider: s.provider,
    status: statusOf(o) as Static<typeof StatusSchema>,
    ...present({
      lastSuccessfulRefresh: isoOrNull(o?.refreshed_at),
      lastAttemptedRefresh: isoOrNull(o?.attempted_at),
      httpResultCategory: fetches && o?.attempted_at ? httpResultCategory(o.error_code) : null,
      cacheUpdatedAt: isoOrNull(o?.refreshed_at),
      cacheExpiresAt: o?.document?.datasets[0]?.cache.staleAt ?? null,
      errorCode: o?.error_code ?? null,
    }),
    parseStatus: parseStatusOf(o, fetches),
    ...availableCounts(s.provider, o?.document),
    usingCachedData: Boolean(o?.error_code && o.document),
    error: o?.error_code ? { code: o.error_code, message: o.error_message ?? '' } : null,
    refreshIntervalSeconds: refreshSeconds,
    nextRefreshAt: isoOrNull(o?.due_at),
    durationMs: o?.duration_ms ?? null,
    consecutiveFailures: o?.failures ?? 0,
  };
}

// One object with every kind's field optional (responses are trimmed to their schema, and a union
// would be trimmed by its first branch).
const ValueSchema = Type.Object({
  kind: Type.Union(['text', 'number', 'integer', 'boolean', 'date', 'datetime', 'url'].map((k) => Type.Literal(k))),
  text: Type.Optional(Type.String()),
  number: Type.Optional(Type.Number()),
  integer: Type.Optional(Type.Integer()),
  boolean: Type.Optional(Type.Boolean()),
  date: Type.Optional(Type.String()),
  datetime: Type.Optional(Type.String()),
  url: Type.Optional(Type.String()),
});
const DatasetSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), type: Type.String(), currency: Type.Optional(Type.String()) })),
  records: Type.Array(Type.Object({ id: Type.String(), values: Type.Record(Type.String(), ValueSchema) })),
  cache: Type.Object({ cachedAt: Nullable(Stamp), staleAt: Nullable(Stamp), usingCachedData: Type.Boolean(), unavailable: Type.Boolean() }),
  timezone: Type.Optional(Type.String({ description: 'With dateSelection: the zone its days are counted in.' })),
  dateSelection: Type.Optional(
    Type.Object(
      {
        field: Type.String(),
        timezone: Type.String(),
        mode: Type.String(),
        customStartDate: Type.String(),
        customEndDate: Type.String(),
        excludePast: Type.Boolean(),
        noMatchBehavior: Type.String(),
        fallbackText: Type.String(),
      },
      { description: 'Players show only the records of the selected day, dated in `field`.' },
    ),
  ),
});
export const DocumentSchema = Type.Object({ schemaVersion: Type.Literal(1), datasets: Type.Array(DatasetSchema) });

const TextRecordSchema = Type.Object({ id: Type.String(), values: Type.Record(Type.String(), Type.String()) });

const OutputViewSchema = Type.Object({
  key: Type.String({ description: 'The dataset’s id (a form’s view key).' }),
  name: Type.String(),
  fields: DatasetSchema.properties.fields,
  recordCount: Type.Integer({ minimum: 0 }),
  previewRecords: Type.Array(TextRecordSchema, {
    maxItems: 20,
    description: 'The first 20 records, each value as text.',
  }),
  usage: Type.Object({ widgets: Type.Integer({ minimum: 0 }), layouts: Type.Integer({ minimum: 0 }), names: Type.Array(Type.String()) }),
});

export const OutputsSchema = Type.Object({
  views: Type.Array(OutputViewSchema, { description: 'One per dataset screens get, with a preview and where it is used.' }),
  lastSuccessAt: Nullable(Stamp),
  nextRefreshAt: Nullable(Stamp),
  usingCachedData: Type.Boolean({ description: 'Refreshes fail and screens get the last good output.' }),
  errorCode: Nullable(Type.String()),
  stale: Type.Boolean({ description: 'The last refresh failed (screens may show old data).' }),
  sourceId: Uuid,
  configVersion: Type.Integer({ minimum: 1 }),
  /** Moves each time the records screens get change. */
  outputVersion: Type.Integer({ minimum: 0 }),
  refreshedAt: Nullable(Stamp),
  /** What screens show; null before the first good refresh. */
  document: Nullable(DocumentSchema),
});

const MAX_PREVIEW_RECORDS = 20;

/** A dataset with its values as text (the reference's `TypedDataset`): what consoles preview. */
export const TextDatasetSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  fields: DatasetSchema.properties.fields,
  records: Type.Array(TextRecordSchema),
  cachedAt: Nullable(Stamp),
  staleAt: Nullable(Stamp),
  usingCachedData: Type.Boolean(),
  unavailable: Type.Boolean(),
});

const textRecord = (r: Dataset['records'][number]) => ({ id: r.id, values: Object.fromEntries(Object.entries(r.values).map(([k, v]) => [k, valueText(v)])) });

/** `dataset` with its values as text. Pure. */
export function textDataset(dataset: Dataset): Static<typeof TextDatasetSchema> {
  return { id: dataset.id, kind: dataset.kind, fields: dataset.fields, records: dataset.records.map(textRecord), ...dataset.cache };
}

/** Who uses a source (what keeps it from being deleted), as the outputs say. */
export type SourceUses = { kind: string; name: string }[];

export function outputsView(source: SourceRow, o: OutputRow | undefined, uses: SourceUses): Static<typeof OutputsSchema> {
  const usage = {
    widgets: uses.filter((u) => u.kind === 'widget').length,
    layouts: uses.filter((u) => u.kind === 'layout').length,
    names: uses.map((u) => u.name),
  };
  const failing = Boolean(o?.error_code);
  return {
    views: (o?.document?.datasets ?? []).map((d) => ({
      key: d.id,
      name: source.name,
      fields: d.fields,
      recordCount: d.records.length,
      previewRecords: d.records.slice(0, MAX_PREVIEW_RECORDS).map(textRecord),
      usage,
    })),
    lastSuccessAt: isoOrNull(o?.refreshed_at),
    nextRefreshAt: isoOrNull(o?.due_at),
    usingCachedData: failing && Boolean(o?.document),
    errorCode: o?.error_code ?? null,
    stale: failing,
    sourceId: source.id,
    configVersion: source.config_version,
    outputVersion: o?.output_version ?? 0,
    refreshedAt: isoOrNull(o?.refreshed_at),
    document: o?.document ?? null,
  };
}
