import type { Knex } from 'knex';
import { canonicalHash } from '../../kernel/canonical-json.js';
import type { DraftSnapshot, PublishableKind, PublishedRevision } from '../editorial/editorial.api.js';
import { BuildMemo, type ContentRef } from '../player/player.api.js';
import { compareLayouts } from './layout-compare.js';
import { dependenciesOf, type LayoutDocument } from './layout-document.js';
import { layoutInvalid, layoutNotFound } from './layout-errors.js';
import type { LayoutPreviews } from './layout-previews.js';
import { documentProblems } from './layout-rules.js';
import type { LayoutsBaseDeps } from './layouts-deps.js';
import { publishProblems, type PublishFacts } from './publish-rules.js';

type Deps = Pick<LayoutsBaseDeps, 'layoutsRepository' | 'contentKinds' | 'mediaLibrary' | 'dataSourceLibrary' | 'screenTargets'> & {
  layoutPreviews: LayoutPreviews;
};

const ids = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];
const ref = (id: string): ContentRef => ({ contentType: 'layout', contentId: id });

/**
 * Layouts as the editorial module publishes them: the draft document is what a submission
 * freezes; publishing one makes it a new immutable revision (its canonical SHA-256 and what it
 * names stored with it), and every screen showing the layout is rebuilt from the commit.
 */
export class LayoutPublisher {
  constructor(private readonly d: Deps) {}

  kind(): PublishableKind {
    return {
      type: 'layout',
      plugin: 'layouts',
      publishers: 'managers',
      snapshot: (id, trx) => this.snapshot(id, trx),
      publish: (id, document, publishedBy, trx) => this.publish(id, document as LayoutDocument, publishedBy, trx),
      restoreDraft: (id, document, _actor, trx) => this.restoreDraft(id, document as LayoutDocument, trx),
      compare: (from, to) => compareLayouts(from as LayoutDocument, to as LayoutDocument),
      reach: (id) => this.reach(id),
    };
  }

  private async snapshot(id: string, trx: Knex.Transaction): Promise<DraftSnapshot> {
    const row = await this.d.layoutsRepository.lock(id, trx);
    if (!row) throw layoutNotFound();
    const published = row.published_revision_id ? await this.d.layoutsRepository.revision(id, row.published_revision_id, trx) : undefined;
    return { workingRevision: row.draft_revision, publishedRevision: published?.revision ?? null, document: row.draft_document, name: row.name };
  }

  /** Checks the document as it is and what it names as they are now (422 `layout_validation_failed`), then makes it the published revision. */
  private async publish(id: string, document: LayoutDocument, publishedBy: string | null, trx: Knex.Transaction): Promise<PublishedRevision> {
    if (!(await this.d.layoutsRepository.lock(id, trx))) throw layoutNotFound();
    const shape = documentProblems(document);
    const problems = shape.length ? shape : publishProblems(document, await this.facts(id, document, trx));
    if (problems.length) throw layoutInvalid(problems);
    const revisionId = await this.d.layoutsRepository.publish(
      id,
      { document, sha256: canonicalHash(document), dependencies: dependenciesOf(document), publishedBy },
      trx,
    );
    await this.d.contentKinds.changed([ref(id)], trx);
    const revision = (await this.d.layoutsRepository.revision(id, revisionId, trx))!;
    const screens = await this.d.contentKinds.screensShowing([ref(id)], trx);
    return { revision: revision.revision, nativeRevisionId: revisionId, affectedScreens: screens.length };
  }

  /** The document becomes the draft's next revision; screens keep what they play. */
  private async restoreDraft(id: string, document: LayoutDocument, trx: Knex.Transaction): Promise<number> {
    const row = await this.d.layoutsRepository.lock(id, trx);
    if (!row) throw layoutNotFound();
    const shape = documentProblems(document);
    if (shape.length) throw layoutInvalid(shape);
    await this.d.layoutsRepository.saveDraft(id, row.draft_revision, document, dependenciesOf(document), trx);
    // The preview showed the old draft (its columns went with the save): its file goes once that commits.
    trx.executionPromise.then(
      () => this.d.layoutPreviews.discard(id),
      () => undefined,
    );
    return row.draft_revision + 1;
  }

  private async reach(id: string): Promise<{ screens: number; locations: number }> {
    const screens = await this.d.contentKinds.screensShowing([ref(id)]);
    const placements = await this.d.screenTargets.placements(screens);
    const locations = new Set([...placements.values()].flatMap((p) => (p.locationId ? [p.locationId] : [])));
    return { screens: screens.length, locations: locations.size };
  }

  /** What the rules need to know of the content the document names, read now. */
  private async facts(layoutId: string, document: LayoutDocument, trx: Knex.Transaction): Promise<PublishFacts> {
    const { placements } = document;
    const widgetIds = ids(placements.map((p) => p.widgetId));
    const assetIds = ids([document.canvas.backgroundAssetId, ...placements.map((p) => p.assetId)]);
    const playlistIds = ids(placements.map((p) => p.playlistId));
    const sourceIds = ids(placements.map((p) => p.primitive?.binding?.dataSourceId));
    const playlistRefs: ContentRef[] = playlistIds.map((contentId) => ({ contentType: 'playlist', contentId }));
    const [playable, names, sources, containing] = await Promise.all([
      this.d.mediaLibrary.playable([...widgetIds, ...assetIds]),
      this.d.contentKinds.names(playlistRefs),
      this.d.dataSourceLibrary.namesOf(sourceIds),
      this.d.contentKinds.containersOf([{ contentType: 'layout', contentId: layoutId }], trx),
    ]);
    const widgets = new Map(widgetIds.flatMap((id) => (playable.get(id)?.assetType === 'widget' ? [[id, playable.get(id)!.emits ?? {}] as const] : [])));
    const assets = new Map(
      assetIds.flatMap((id) => {
        const asset = playable.get(id);
        return asset && asset.assetType !== 'widget' ? [[id, { type: asset.assetType, hasFile: Boolean(asset.file), emits: asset.emits ?? {} }] as const] : [];
      }),
    );
    const existing = playlistIds.filter((id) => names.has(`playlist:${id}`));
    return {
      widgets,
      assets,
      playlists: await this.zonesVideo(existing),
      dataSources: new Set(sources.keys()),
      containing: new Set(containing.filter((r) => r.contentType === 'playlist').map((r) => r.contentId)),
    };
  }

  // A zone may play video when any item of its playlist may: a video, a video-capable widget, a layout.
  private async zonesVideo(playlistIds: string[]): Promise<Map<string, { video: boolean }>> {
    const memo = new BuildMemo();
    const contents = await Promise.all(playlistIds.map((id) => this.d.contentKinds.content({ contentType: 'playlist', contentId: id }, memo)));
    const items = contents.flatMap((c) => c?.playlist?.items ?? []);
    const playable = await this.d.mediaLibrary.playable(ids(items.filter((i) => !i.layoutId).map((i) => i.assetId)));
    return new Map(
      playlistIds.map((id, i) => [
        id,
        { video: (contents[i]?.playlist?.items ?? []).some((item) => item.layoutId !== undefined || playable.get(item.assetId)?.emits?.video === true) },
      ]),
    );
  }
}
