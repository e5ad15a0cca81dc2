import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ManifestSection, PlayerProfile } from '../player/player.api.js';
import { type DataDocument, valueText } from './providers/document.js';

/** A data source as the players read it (their `ManifestDataSource`). */
export const ManifestDataSourceSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  provider: Type.String(),
  configVersion: Type.Integer(),
  configuration: Type.Record(Type.String(), Type.Unknown(), {
    description: 'Schema 11: how to present the source with its records inlined (structured, calendar); schema 12: its typed records (`TypedRecordData`).',
  }),
  dataDocument: Type.Optional(
    Type.Object(
      { schemaVersion: Type.Literal(1), datasets: Type.Array(Type.Unknown(), { maxItems: 16 }) },
      { description: 'The typed data document: sent to schema-11 players beside their configuration, and from schema 13 (where the players require it).' },
    ),
  ),
});
export type ManifestDataSource = Static<typeof ManifestDataSourceSchema>;

declare module '../player/player.api.js' {
  interface ManifestLists {
    /** The data sources the screen shows (through widgets, layouts or plugins). */
    dataSources: ManifestDataSource[];
  }
}

const EMPTY_DOCUMENT = { schemaVersion: 1 as const, datasets: [] };

/**
 * A source's records as schema-12 players read them in `configuration` (`TypedRecordData`: string
 * values, within the Android player's bounds of 20 fields, 2000 records and 500 characters a value).
 */
export function typedRecords(document: DataDocument | undefined) {
  const dataset = document?.datasets[0];
  const selection = dataset?.dateSelection;
  return {
    fields: (dataset?.fields ?? []).slice(0, 20).map((f) => ({ key: f.key, label: f.label, type: f.type })),
    records: (dataset?.records ?? []).slice(0, 2000).map((r) => ({
      id: r.id.slice(0, 80),
      values: Object.fromEntries(
        Object.entries(r.values)
          .slice(0, 20)
          .map(([k, v]) => [k, valueText(v).slice(0, 500)]),
      ),
    })),
    cachedAt: dataset?.cache.cachedAt ?? null,
    staleAt: dataset?.cache.staleAt ?? null,
    usingCachedData: dataset?.cache.usingCachedData ?? false,
    unavailable: !document,
    ...(selection
      ? {
          dateSelection: {
            enabled: true,
            timezone: selection.timezone,
            mode: selection.mode,
            customStartDate: selection.customStartDate,
            customEndDate: selection.customEndDate,
            excludePast: selection.excludePast,
            noMatchBehavior: selection.noMatchBehavior,
            fallbackText: selection.fallbackText,
          },
          dateField: selection.field,
        }
      : {}),
  };
}

/**
 * What each schema's players read of a source, as the reference sends it: schema 11 the provider's
 * presentation configuration (and the document beside it), 12 the typed records every provider's
 * entry must decode as (a manual table's included), 13 on the data document, which those players
 * require of every source (an empty one for a source that has produced nothing yet).
 */
export function dataSourceFor(entry: ManifestDataSource, player: PlayerProfile): ManifestDataSource {
  if (player.schema <= 11) return entry;
  const { dataDocument, ...rest } = entry;
  if (player.schema === 12) return { ...rest, configuration: typedRecords(dataDocument as DataDocument | undefined) };
  return { ...rest, dataDocument: dataDocument ?? EMPTY_DOCUMENT };
}

export const dataSourcesSection: ManifestSection<'dataSources'> = {
  name: 'dataSources',
  schema: Type.Array(ManifestDataSourceSchema, { description: 'The data sources the screen shows (through widgets, layouts or plugins).' }),
  merge: 'list',
  forPlayer: (entries, player) => entries.map((e) => dataSourceFor(e, player)),
};
