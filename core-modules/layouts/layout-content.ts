import type { Knex } from 'knex';
import type { PlayableAsset, ServedFile } from '../media/media.api.js';
import type { BuildMemo, ContentKind, ContentRef, SourceContent } from '../player/player.api.js';
import type { LayoutDependency, LayoutDocument, LayoutPlacement } from './layout-document.js';
import { layoutNotFound } from './layout-errors.js';
import type { ManifestLayout } from './layout-sections.js';
import type { LayoutsBaseDeps } from './layouts-deps.js';
import type { RevisionRow } from './layouts.models.js';
import { AppError } from '../../kernel/errors.js';

type Deps = Pick<LayoutsBaseDeps, 'layoutsRepository' | 'mediaLibrary' | 'contentKinds' | 'dataSourceLibrary'>;

const notPublished = () => new AppError('validation', 'presentation_not_ready', 'The layout has no published revision: publish it first.');
const unique = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/** What the layouts read for one build pass: the content their documents name. */
interface Named {
  playable: Map<string, PlayableAsset>;
  zones: Map<string, SourceContent>;
}

/** The sections a part adds beside the layout itself: its list sections (`widgets[]`, a zone's `playlists[]`, …). */
function addLists(into: Record<string, unknown[]>, sections: Record<string, unknown> | undefined): void {
  for (const [name, value] of Object.entries(sections ?? {})) if (Array.isArray(value) && name !== 'files') into[name] = [...(into[name] ?? []), ...value];
}

/**
 * A published revision as screens show it: each asset placement and the background given the
 * variant the manifest lists, and whatever cannot be shown now (an asset deleted or archived after
 * publishing, a zone's playlist gone) left out, so the players never refuse the whole manifest.
 */
function shown(revision: RevisionRow, named: Named, sources: Set<string>): { layout: ManifestLayout; files: ServedFile[]; lists: Record<string, unknown[]> } {
  const files: ServedFile[] = [];
  const lists: Record<string, unknown[]> = {};
  const { canvas, placements } = revision.document;
  const background = canvas.backgroundAssetId ? named.playable.get(canvas.backgroundAssetId)?.file : undefined;
  const { backgroundAssetId: _, backgroundVariantId: __, ...bare } = canvas;
  if (background) files.push(background);
  const kept = placements.flatMap((p): LayoutPlacement[] => {
    if (p.assetId) {
      const file = named.playable.get(p.assetId)?.file;
      if (!file) return [];
      files.push(file);
      return [{ ...p, variantId: file.variantId }];
    }
    if (p.widgetId) {
      const widget = named.playable.get(p.widgetId);
      if (!widget) return [];
      files.push(...widget.files);
      addLists(lists, widget.sections);
      return [p];
    }
    if (p.playlistId) {
      const zone = named.zones.get(p.playlistId);
      if (!zone) return [];
      files.push(...zone.files);
      addLists(lists, zone as Record<string, unknown>);
      if (zone.playlist) lists.playlists = [...(lists.playlists ?? []), zone.playlist];
      return [p];
    }
    const binding = p.primitive?.binding;
    if (binding && !sources.has(binding.dataSourceId)) {
      const { binding: _unbound, ...primitive } = p.primitive!;
      return [{ ...p, primitive }];
    }
    return [p];
  });
  const document: LayoutDocument = {
    ...revision.document,
    canvas: background ? { ...bare, backgroundAssetId: background.assetId, backgroundVariantId: background.variantId } : bare,
    placements: kept,
  };
  const layout = { id: revision.layout_id, revisionId: revision.id, revision: revision.revision, documentSha256: revision.document_sha256, document };
  return { layout, files, lists };
}

/** The dependency rows a content ref is found in: an asset may be placed as an asset or as a widget. */
function dependenciesFor(refs: ContentRef[]): LayoutDependency[] {
  return refs.flatMap(({ contentType, contentId: id }): LayoutDependency[] => {
    if (contentType === 'asset')
      return [
        { type: 'asset', id },
        { type: 'widget', id },
      ];
    if (contentType === 'playlist' || contentType === 'data_source') return [{ type: contentType, id }];
    return [];
  });
}

/**
 * Layouts as content screens are given (exported through contentKinds as the `layout` kind): only
 * a published revision is ever shown, and a layout is held by what its published revision names.
 */
export class LayoutContent {
  constructor(private readonly d: Deps) {}

  kind(): ContentKind {
    return {
      type: 'layout',
      plugin: 'layouts',
      inUseCode: 'layout_in_use',
      check: async (ids, trx) => {
        // Held shared in the writer's transaction: the delete locks the row for update before asking for uses.
        const rows = await this.d.layoutsRepository.share(ids, trx);
        if (rows.length < new Set(ids).size) throw layoutNotFound();
        if (rows.some((r) => !r.published_revision_id)) throw notPublished();
      },
      names: (ids) => this.d.layoutsRepository.namesOf(ids),
      content: (id, memo) => this.content(id, memo),
    };
  }

  /** The published layout as a screen shows it, with what it needs; undefined when gone or unpublished. Read once per pass. */
  content(layoutId: string, memo: BuildMemo): Promise<SourceContent | undefined> {
    return memo.batched('layouts.content', layoutId, (ids) => this.contents(ids, memo));
  }

  private async contents(layoutIds: string[], memo: BuildMemo): Promise<Map<string, SourceContent>> {
    const revisions = await this.d.layoutsRepository.published(layoutIds);
    const documents = [...revisions.values()].map((r) => r.document);
    const placements = documents.flatMap((d) => d.placements);
    const playlistIds = unique(placements.map((p) => p.playlistId));
    const sourceIds = unique(placements.map((p) => p.primitive?.binding?.dataSourceId));
    const [playable, zones, entries] = await Promise.all([
      this.d.mediaLibrary.playable(unique([...documents.map((d) => d.canvas.backgroundAssetId), ...placements.flatMap((p) => [p.assetId, p.widgetId])])),
      Promise.all(playlistIds.map(async (id) => [id, await this.d.contentKinds.content({ contentType: 'playlist', contentId: id }, memo)] as const)),
      this.d.dataSourceLibrary.manifestEntries(sourceIds, memo),
    ]);
    const named: Named = { playable, zones: new Map(zones.flatMap(([id, c]) => (c ? [[id, c] as const] : []))) };
    const sources = new Set(entries.map((e) => e.id));
    const result = new Map<string, SourceContent>();
    for (const [layoutId, revision] of revisions) {
      const { layout, files, lists } = shown(revision, named, sources);
      const bound = new Set(layout.document.placements.flatMap((p) => (p.primitive?.binding ? [p.primitive.binding.dataSourceId] : [])));
      const dataSources = [...((lists.dataSources ?? []) as typeof entries), ...entries.filter((e) => bound.has(e.id))];
      result.set(layoutId, {
        ...(lists as Partial<SourceContent>),
        layout,
        directFallbackLayout: layout,
        // Nested layouts (a zone's layout items) come after this one.
        layouts: [layout, ...((lists.layouts ?? []) as ManifestLayout[])],
        dataSources,
        files,
      });
    }
    return result;
  }

  /** The layouts whose published revision holds any of `refs` (for contentKinds' reach). */
  async containers(refs: ContentRef[], trx?: Knex.Transaction): Promise<ContentRef[]> {
    const rows = await this.d.layoutsRepository.publishedHolding(dependenciesFor(refs), trx);
    return rows.map((r) => ({ contentType: 'layout', contentId: r.id }));
  }

  /** For each screen, the data sources its layouts' text binds (only published layouts bind any). */
  async sourcesShownOn(screenIds: string[]): Promise<Map<string, string[]>> {
    const bound = await this.d.layoutsRepository.boundSources();
    const wanted = new Set(screenIds);
    const shown = new Map<string, string[]>();
    for (const sourceId of bound.keys()) {
      for (const screenId of await this.screensShowingSources([sourceId])) {
        if (wanted.has(screenId)) shown.set(screenId, [...(shown.get(screenId) ?? []), sourceId]);
      }
    }
    return shown;
  }

  /** The screens showing a layout that binds any of these sources. */
  async screensShowingSources(sourceIds: string[]): Promise<string[]> {
    const bound = await this.d.layoutsRepository.boundSources(sourceIds);
    const layouts = [...new Set([...bound.values()].flat())];
    return this.d.contentKinds.screensShowing(layouts.map((contentId) => ({ contentType: 'layout', contentId })));
  }
}
