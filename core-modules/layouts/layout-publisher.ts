import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { canonicalHash } from '../../kernel/canonical-json.js';
import { BuildMemo, type ContentRef } from '../player/player.api.js';
import { dependenciesOf, type LayoutDocument } from './layout-document.js';
import { layoutInvalid, layoutNotFound, revisionConflict } from './layout-errors.js';
import { documentProblems } from './layout-rules.js';
import { revisionView } from './layout-schemas.js';
import type { LayoutsBaseDeps } from './layouts-deps.js';
import { publishProblems, type PublishFacts } from './publish-rules.js';

type Deps = Pick<LayoutsBaseDeps, 'db' | 'layoutsRepository' | 'contentKinds' | 'mediaLibrary' | 'dataSourceLibrary' | 'auditLog'>;

const ids = (values: (string | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/**
 * Publishing: the draft becomes a new immutable revision (its canonical SHA-256 and what it names
 * stored with it), and every screen showing the layout is rebuilt from the commit.
 */
export class LayoutPublisher {
  constructor(private readonly d: Deps) {}

  async publish(actor: ConsolePrincipal, id: string, expected: number, ip: string) {
    const revisionId = await this.d.db.transaction(async (trx) => {
      const row = await this.d.layoutsRepository.lock(id, trx);
      if (!row) throw layoutNotFound();
      if (row.draft_revision !== expected) throw revisionConflict();
      const document = row.draft_document;
      const shape = documentProblems(document);
      const problems = shape.length ? shape : publishProblems(document, await this.facts(id, document, trx));
      if (problems.length) throw layoutInvalid(problems);
      const published = await this.d.layoutsRepository.publish(
        id,
        { document, sha256: canonicalHash(document), dependencies: dependenciesOf(document), publishedBy: actor.userId },
        trx,
      );
      await this.d.contentKinds.changed([{ contentType: 'layout', contentId: id }], trx);
      return published;
    });
    const revision = (await this.d.layoutsRepository.revision(id, revisionId))!;
    await this.d.auditLog.record({
      action: 'layout.published',
      actor,
      ip,
      resourceType: 'layout',
      resourceId: id,
      metadata: { revision: revision.revision, documentSha256: revision.document_sha256 },
    });
    return revisionView(revision);
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
