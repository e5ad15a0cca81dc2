import type { BuildMemo, ContentSource } from '../player/player.api.js';
import type { ManifestDataSource } from './data-sources.section.js';
import type { DataDocument } from './providers/document.js';
import type { DataSourceProvider } from './providers/provider.js';
import type { OutputRow, SourceRow } from './data-sources.models.js';
import type { DataSourcesBaseDeps } from './data-sources-base-deps.js';

type Deps = Pick<DataSourcesBaseDeps, 'dataSourcesRepository' | 'dataSourceViewers' | 'dataSourceProviders'>;

/**
 * A source as the manifest lists it in `dataSources[]` (the players' `ManifestDataSource`): a
 * structured source's records in `configuration` as schema-11 players read them, and the typed
 * `dataDocument`. What each schema's players are sent of it is the section's rule (`dataSourceFor`).
 */
export function manifestEntry(s: SourceRow, o: OutputRow | undefined, provider: DataSourceProvider | undefined) {
  const document: DataDocument | null = o?.document ?? null;
  const failing = Boolean(o?.error_code);
  return {
    id: s.id,
    name: s.name,
    provider: s.provider,
    configVersion: s.config_version,
    configuration: provider?.playerConfiguration?.(s.configuration, document, failing) ?? {},
    ...(document ? { dataDocument: { ...document, datasets: document.datasets.map((d) => ({ ...d, cache: { ...d.cache, usingCachedData: failing } })) } } : {}),
  };
}

/** The manifest entries of those of `ids` that exist, each read once per build pass (`memo`). */
export async function manifestEntries(
  d: Pick<Deps, 'dataSourcesRepository' | 'dataSourceProviders'>,
  ids: string[],
  memo: BuildMemo,
): Promise<ManifestDataSource[]> {
  const entries = await Promise.all(
    [...new Set(ids)].map((id) =>
      memo.batched('data-sources.entry', id, async (keys) => {
        const [sources, outputs] = await Promise.all([d.dataSourcesRepository.byIds(keys), d.dataSourcesRepository.outputsOf(keys)]);
        const outputOf = new Map(outputs.map((o) => [o.source_id, o]));
        return new Map(sources.map((s) => [s.id, manifestEntry(s, outputOf.get(s.id), d.dataSourceProviders.get(s.provider))]));
      }),
    ),
  );
  return entries.filter((e) => e !== undefined);
}

// A source's part of a key: what its entry depends on (edits, new output, failing or not).
const versionOf = (s: SourceRow, o: OutputRow | undefined) => `${s.id}@${s.updated_at.getTime()}.${o?.output_version ?? 0}.${o?.error_code ? 1 : 0}`;

/**
 * The data sources a screen shows (as its viewers say: widgets, layouts, plugins), in its
 * manifest's `dataSources[]`. It plays nothing itself, so its rank does not matter to playback.
 */
export function dataSourceContent(d: Deps): ContentSource {
  return {
    name: 'data-sources.shown',
    rank: 10,
    plugin: 'data-sources',
    async keysFor(screenIds) {
      const shown = await d.dataSourceViewers.sourcesShownOn(screenIds);
      const ids = [...new Set([...shown.values()].flat())];
      if (!ids.length) return new Map();
      const [sources, outputs] = await Promise.all([d.dataSourcesRepository.byIds(ids), d.dataSourcesRepository.outputsOf(ids)]);
      const sourceOf = new Map(sources.map((s) => [s.id, s]));
      const outputOf = new Map(outputs.map((o) => [o.source_id, o]));
      const keys = new Map<string, string>();
      for (const [screenId, list] of shown) {
        const parts = list.flatMap((id) => (sourceOf.has(id) ? [versionOf(sourceOf.get(id)!, outputOf.get(id))] : []));
        if (parts.length) keys.set(screenId, parts.join(','));
      }
      return keys;
    },
    async content(key, memo) {
      const ids = key.split(',').map((part) => part.slice(0, part.indexOf('@')));
      return { dataSources: await manifestEntries(d, ids, memo), files: [] };
    },
  };
}
