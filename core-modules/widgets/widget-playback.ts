import type { PlayableAsset, PlayableType } from '../media/media.api.js';
import { BuildMemo } from '../player/player.api.js';
import type { WidgetsBaseDeps } from './widgets-base-deps.js';
import { WIDGET_TYPE } from './widgets.service.js';
import type { ManifestWidget } from './widgets.section.js';

type Deps = Pick<WidgetsBaseDeps, 'widgetsRepository' | 'widgetDefinitions' | 'dataSourceLibrary'>;

/**
 * Widgets are played by the player itself: the item names no file and streams, the manifest's
 * `widgets[]` carries its settings and its compiled presentation (the section keeps what the
 * screen's schema reads), and `dataSources[]` the sources it binds, so a widget brings its data
 * wherever it is placed (a playlist, a layout).
 */
export function widgetPlayback(d: Deps): PlayableType {
  return {
    type: WIDGET_TYPE,
    async playable(assets) {
      const rows = await d.widgetsRepository.byIds(assets.map((a) => a.id));
      const nameOf = new Map(assets.map((a) => [a.id, a.name]));
      const memo = new BuildMemo();
      const result = new Map<string, PlayableAsset>();
      await Promise.all(
        rows.map(async (row) => {
          // A type no longer registered (its plugin removed) cannot be drawn: the widget is left out.
          const definition = d.widgetDefinitions.get(row.provider);
          if (!definition) return;
          const entry: ManifestWidget = {
            assetId: row.asset_id,
            name: nameOf.get(row.asset_id) ?? '',
            provider: row.provider,
            configVersion: row.config_version,
            configuration: definition.playerConfiguration?.(row.configuration) ?? row.configuration,
            presentation: definition.compile(row.configuration),
          };
          const sources = await d.dataSourceLibrary.manifestEntries(row.data_source_ids, memo);
          result.set(row.asset_id, {
            assetId: row.asset_id,
            assetType: WIDGET_TYPE,
            // Schema 11 and 12 players draw a fixed set of providers; the others need a presentation.
            item: { deliveryPolicy: 'stream', ...(definition.legacyPlayers ? {} : { sinceSchema: 13 }) },
            sections: { widgets: [entry], ...(sources.length ? { dataSources: sources } : {}) },
            files: [],
            ...(definition.emits ? { emits: definition.emits } : {}),
          });
        }),
      );
      return result;
    },
  };
}
