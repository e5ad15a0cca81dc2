import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid, isoOrNull, Stamp } from '../../kernel/http/wire.js';
import type { OutputRow, SourceRow } from './data-sources.repository.js';
import type { DataDocument } from './providers/document.js';

export const ProviderSchema = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,39}$',
  description: '`rss`, `atom`, `json`, `csv`, `calendar`, `manual`, `form` (made with POST /api/v1/forms), or a plugin’s.',
});

/** How a source's refreshes go: `pending` before the first, `ok`, or `failing` (the last good output stays). */
const StatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('ok'), Type.Literal('failing')]);

export const DataSourceSchema = Type.Object({
  id: Uuid,
  provider: ProviderSchema,
  name: Type.String(),
  description: Type.String(),
  configVersion: Type.Integer({ minimum: 1 }),
  configuration: Type.Record(Type.String(), Type.Unknown()),
  status: StatusSchema,
  /** Records in the output screens get (0 before the first good refresh). */
  recordCount: Type.Integer({ minimum: 0 }),
  refreshedAt: Nullable(Stamp),
  nextRefreshAt: Nullable(Stamp),
  lastError: Nullable(Type.Object({ code: Type.String(), message: Type.String(), at: Stamp })),
  createdBy: Nullable(Uuid),
  createdAt: Stamp,
  updatedAt: Stamp,
});
export type DataSourceView = Static<typeof DataSourceSchema>;

export const statusOf = (o: OutputRow | undefined) => (!o?.attempted_at ? 'pending' : o.error_code ? 'failing' : 'ok');
export const recordCount = (document: DataDocument | null | undefined) => (document?.datasets ?? []).reduce((n, d) => n + d.records.length, 0);

export function dataSourceView(s: SourceRow, o: OutputRow | undefined): DataSourceView {
  return {
    id: s.id,
    provider: s.provider as DataSourceView['provider'],
    name: s.name,
    description: s.description,
    configVersion: s.config_version,
    configuration: s.configuration,
    status: statusOf(o),
    recordCount: recordCount(o?.document),
    refreshedAt: isoOrNull(o?.refreshed_at),
    nextRefreshAt: isoOrNull(o?.due_at),
    lastError: o?.error_code && o.attempted_at ? { code: o.error_code, message: o.error_message ?? '', at: o.attempted_at.toISOString() } : null,
    createdBy: s.created_by,
    createdAt: s.created_at.toISOString(),
    updatedAt: s.updated_at.toISOString(),
  };
}

export const DiagnosticsSchema = Type.Object({
  sourceId: Uuid,
  provider: ProviderSchema,
  status: StatusSchema,
  refreshIntervalSeconds: Nullable(Type.Integer()),
  refreshedAt: Nullable(Stamp),
  attemptedAt: Nullable(Stamp),
  nextRefreshAt: Nullable(Stamp),
  durationMs: Nullable(Type.Integer()),
  consecutiveFailures: Type.Integer({ minimum: 0 }),
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  /** Screens get the last good output while refreshes fail. */
  usingLastKnownGood: Type.Boolean(),
  recordCount: Type.Integer({ minimum: 0 }),
});

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
export const DatasetSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), type: Type.String(), currency: Type.Optional(Type.String()) })),
  records: Type.Array(Type.Object({ id: Type.String(), values: Type.Record(Type.String(), ValueSchema) })),
  cache: Type.Object({ cachedAt: Nullable(Stamp), staleAt: Nullable(Stamp), usingCachedData: Type.Boolean(), unavailable: Type.Boolean() }),
});
export const DocumentSchema = Type.Object({ schemaVersion: Type.Literal(1), datasets: Type.Array(DatasetSchema) });

export const OutputsSchema = Type.Object({
  sourceId: Uuid,
  configVersion: Type.Integer({ minimum: 1 }),
  /** Moves each time the records screens get change. */
  outputVersion: Type.Integer({ minimum: 0 }),
  refreshedAt: Nullable(Stamp),
  /** What screens show; null before the first good refresh. */
  document: Nullable(DocumentSchema),
});
