import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { LayoutContent } from './layout-content.js';
import { LayoutPreviews } from './layout-previews.js';
import { LayoutPublisher } from './layout-publisher.js';
import { layoutSections } from './layout-sections.js';
import { type LayoutsDeps, layoutsUses } from './layouts-deps.js';
import { layoutsGraph } from './layouts-graph.js';
import { LayoutsRepository } from './layouts.repository.js';
import { layoutsRoutes } from './layouts.routes.js';
import { LayoutsService } from './layouts.service.js';

/**
 * Layouts (spec 4.13): documents placing widgets, media, playlist zones and drawn primitives on a
 * canvas, edited as a draft and shown as immutable published revisions. A kind of content: screens
 * are given a layout wherever they can be given a playlist, with no edit to those modules.
 */
export const layoutsModule = definePlugin<LayoutsDeps>({
  name: 'layouts',
  dependsOn: ['media', 'screens', 'player', 'data-sources', 'dependency-graph', 'editorial'],
  uses: layoutsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      layoutsRepository: asClass(LayoutsRepository).singleton(),
      layoutPreviews: asFunction((d: LayoutsDeps) => new LayoutPreviews(d)).singleton(),
      layoutPublisher: asFunction((d: LayoutsDeps) => new LayoutPublisher(d)).singleton(),
      layoutsService: asFunction((d: LayoutsDeps) => new LayoutsService(d)).singleton(),
      layoutContent: asFunction((d: LayoutsDeps) => new LayoutContent(d)).singleton(),
    });
    r.routes(layoutsRoutes);
    r.onStart((d) => {
      for (const section of layoutSections) d.manifestSections.register(section as never);
      d.contentKinds.register(d.layoutContent.kind());
      // Published through the editorial workflow: directly, or reviewed first when the policy asks.
      d.publishableKinds.register(d.layoutPublisher.kind());
      // A published layout holds what it names: a change to any of it reaches the screens showing the layout.
      d.contentKinds.registerContainers((refs, trx) => d.layoutContent.containers(refs, trx));
      // Text bound to a data source: its new output reaches the screens showing the layout.
      d.dataSourceLibrary.registerViewer({
        sourcesShownOn: (screenIds) => d.layoutContent.sourcesShownOn(screenIds),
        screensShowing: (sourceIds) => d.layoutContent.screensShowingSources(sourceIds),
      });
      d.dataSourceLibrary.registerUsage(async (sourceId, trx) =>
        (await d.layoutsRepository.publishedHolding([{ type: 'data_source', id: sourceId }], trx)).map((l) => ({ kind: 'layout', id: l.id, name: l.name })),
      );
      // Media a draft or a published revision places cannot be deleted from under it, as the reference keeps it.
      d.assetUsage.register(async (assetIds, trx) =>
        (await d.layoutsRepository.holdingAssets(assetIds, trx)).map((u) => ({ assetId: u.asset_id, kind: 'layout', id: u.id, name: u.name })),
      );
      d.dependencyGraph.register(layoutsGraph(d.layoutsRepository));
    });
  },
});
