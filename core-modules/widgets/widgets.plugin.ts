import { asClass, asValue } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { coreWidgets } from './definitions/core/core-widgets.js';
import { WidgetDefinitions } from './definitions/widget-definition.js';
import { WidgetLibraryReader } from './widget-library.js';
import { widgetPlayback } from './widget-playback.js';
import { widgetView, WidgetViewSchema } from './widget-view.js';
import { widgetDefinitionsRef, widgetLibraryRef } from './widgets.api.js';
import { widgetsUses } from './widgets-base-deps.js';
import type { WidgetsDeps } from './widgets-deps.js';
import { WidgetsRepository } from './widgets.repository.js';
import { widgetsRoutes } from './widgets.routes.js';
import { widgetsSection } from './widgets.section.js';
import { WIDGET_TYPE, WidgetsService } from './widgets.service.js';

/** Widgets (spec 4.12): configured presentations of time, pages and data, kept as library assets of type `widget`. */
export const widgetsModule = definePlugin<WidgetsDeps>({
  name: 'widgets',
  dependsOn: ['media', 'player', 'data-sources'],
  uses: widgetsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    // The core types are known at declaration time; a plugin adds its own through the export.
    const definitions = new WidgetDefinitions();
    for (const definition of coreWidgets) definitions.register(definition);
    r.provide({
      widgetsRepository: asClass(WidgetsRepository).singleton(),
      widgetsService: asClass(WidgetsService).singleton(),
    });
    r.export(widgetDefinitionsRef, asValue(definitions));
    // Layouts place widgets and ask their facts.
    r.export(widgetLibraryRef, asClass(WidgetLibraryReader).singleton());
    r.routes(widgetsRoutes);
    r.onStart((d) => {
      // Widgets are library assets: media lists and deletes them, and shows their `widget` field.
      d.ownedAssets.register({
        type: WIDGET_TYPE,
        field: 'widget',
        schema: WidgetViewSchema,
        views: async (ids) => new Map((await d.widgetsRepository.byIds(ids)).map((w) => [w.asset_id, widgetView(w)])),
      });
      d.playableTypes.register(widgetPlayback(d));
      d.manifestSections.register(widgetsSection);
      // A widget carries its sources in its own manifest entries (see widgetPlayback), so it names
      // no screen's sources here; it says which screens follow a source's new output.
      d.dataSourceLibrary.registerViewer({ sourcesShownOn: async () => new Map(), screensShowing: (ids) => d.widgetLibrary.screensShowing(ids) });
      d.dataSourceLibrary.registerUsage((id, trx) => d.widgetLibrary.sourceUses(id, trx));
      d.assetUsage.register((ids, trx) => d.widgetLibrary.managedUses(ids, trx));
    });
  },
});
