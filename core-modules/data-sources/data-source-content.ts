import type { ContentSource } from '../player/player.api.js';
import type { DataSourceViewers } from './data-source-viewers.js';
import type { DataSourcesRepository, OutputRow, SourceRow } from './data-sources.repository.js';
import type { DataDocument, DocumentValue } from './providers/document.js';

interface Deps {
  dataSourcesRepository: DataSourcesRepository;
  dataSourceViewers: DataSourceViewers;
}

const STRUCTURED = new Set(['rss', 'atom', 'json', 'csv']);
const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const textOf = (v: DocumentValue | undefined) => (!v ? '' : 'text' in v ? v.text : 'datetime' in v ? v.datetime : 'url' in v ? v.url : '');

/**
 * A structured source's configuration as schema-11 players read it (`StructuredSourceConfig`: how to
 * present it, and its records under `data`, within the Android player's bounds), never where it
 * is read from.
 */
function structuredConfiguration(c: Record<string, unknown>, document: DataDocument | null, failing: boolean) {
  const dataset = document?.datasets[0];
  const standard = new Set(['title', 'subtitle', 'date', 'author', 'description', 'imageUrl', 'link']);
  return {
    presentation: c.presentation,
    fields: c.fields,
    emptyState: c.emptyState,
    dateSelection: { enabled: false },
    data: {
      records: (dataset?.records ?? []).slice(0, 200).map((r) => ({
        id: r.id.slice(0, 64),
        title: cut(textOf(r.values.title), 240),
        subtitle: cut(textOf(r.values.subtitle), 240),
        date: textOf(r.values.date),
        author: textOf(r.values.author),
        description: cut(textOf(r.values.description), 500),
        imageUrl: textOf(r.values.imageUrl),
        link: textOf(r.values.link),
        values: Object.fromEntries(
          Object.entries(r.values)
            .filter(([k]) => !standard.has(k))
            .slice(0, 12)
            .map(([k, v]) => [k, textOf(v)]),
        ),
      })),
      cachedAt: dataset?.cache.cachedAt ?? null,
      staleAt: dataset?.cache.staleAt ?? null,
      usingCachedData: failing,
      unavailable: !document,
    },
  };
}

/**
 * A source as the manifest lists it in `dataSources[]` (the players' `ManifestDataSource`): for
 * schema-11 players, a structured source's records in `configuration`; for later ones (and every
 * other provider), the typed `dataDocument`.
 */
export function manifestEntry(s: SourceRow, o: OutputRow | undefined) {
  const document: DataDocument | null = o?.document ?? null;
  const failing = Boolean(o?.error_code);
  return {
    id: s.id,
    name: s.name,
    provider: s.provider,
    configVersion: s.config_version,
    configuration: STRUCTURED.has(s.provider) ? structuredConfiguration(s.configuration, document, failing) : {},
    ...(document ? { dataDocument: { ...document, datasets: document.datasets.map((d) => ({ ...d, cache: { ...d.cache, usingCachedData: failing } })) } } : {}),
  };
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
      const entries = await Promise.all(
        ids.map((id) =>
          memo.once(`data-sources.entry:${id}`, async () => {
            const [source, output] = await Promise.all([d.dataSourcesRepository.byId(id), d.dataSourcesRepository.output(id)]);
            return source ? manifestEntry(source, output) : undefined;
          }),
        ),
      );
      return { dataSources: entries.filter((e) => e !== undefined), files: [] };
    },
  };
}
