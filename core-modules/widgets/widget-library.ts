import type { Knex } from 'knex';
import type { ResourceUse } from '../data-sources/data-sources.api.js';
import type { AssetUse } from '../media/media.api.js';
import type { WidgetFacts, WidgetLibrary } from './widgets.api.js';
import type { WidgetsBaseDeps } from './widgets-base-deps.js';
import type { WidgetsService } from './widgets.service.js';

type Deps = Pick<WidgetsBaseDeps, 'widgetsRepository' | 'mediaLibrary' | 'contentKinds'> & { widgetsService: WidgetsService };

const GONE = new Set(['deleting', 'deleted']);

/** Widgets as other modules read them: their facts, who binds a source, and which screens show them. */
export class WidgetLibraryReader implements WidgetLibrary {
  constructor(private readonly d: Deps) {}

  /** The live ones of `ids` (a widget's asset row is media's: deleted there, it is gone here). */
  private async live(ids: string[]) {
    const summaries = await this.d.mediaLibrary.summaries(ids);
    return new Map([...summaries].filter(([, s]) => s.type === 'widget' && !GONE.has(s.status)));
  }

  async facts(ids: string[], trx?: Knex.Transaction): Promise<Map<string, WidgetFacts>> {
    if (!ids.length) return new Map();
    const [rows, live] = await Promise.all([this.d.widgetsRepository.byIds([...new Set(ids)], trx), this.live(ids)]);
    return new Map(
      rows.flatMap((r) => {
        const asset = live.get(r.asset_id);
        return asset ? [[r.asset_id, { id: r.asset_id, name: asset.name, provider: r.provider, dataSourceIds: r.data_source_ids }]] : [];
      }),
    );
  }

  createManaged(...args: Parameters<WidgetLibrary['createManaged']>): Promise<string> {
    return this.d.widgetsService.createManaged(...args);
  }

  removeManaged(id: string, trx: Knex.Transaction): Promise<void> {
    return this.d.widgetsService.removeManaged(id, trx);
  }

  /** A widget another module keeps is in use by it: a person's delete is refused (409 asset_in_use). */
  async managedUses(assetIds: string[], trx?: Knex.Transaction): Promise<AssetUse[]> {
    return (await this.d.widgetsRepository.managedAmong(assetIds, trx)).map((w) => ({
      assetId: w.asset_id,
      kind: 'plugin',
      id: w.managed_by!,
      name: w.managed_by!,
    }));
  }

  /** The live widgets binding any of these sources. */
  async binding(sourceIds: string[], trx?: Knex.Transaction): Promise<{ id: string; name: string; dataSourceIds: string[] }[]> {
    const rows = await this.d.widgetsRepository.bindingAny(sourceIds, trx);
    const live = await this.live(rows.map((r) => r.asset_id));
    return rows.flatMap((r) => {
      const asset = live.get(r.asset_id);
      return asset ? [{ id: r.asset_id, name: asset.name, dataSourceIds: r.data_source_ids }] : [];
    });
  }

  /** A source is in use while a live widget binds it: deleting it would leave the widget blank. */
  async sourceUses(sourceId: string, trx: Knex.Transaction): Promise<ResourceUse[]> {
    return (await this.binding([sourceId], trx)).map((w) => ({ kind: 'widget', id: w.id, name: w.name }));
  }

  /** The screens showing a widget bound to any of these sources: directly, in a playlist, in a layout. */
  async screensShowing(sourceIds: string[]): Promise<string[]> {
    const widgets = await this.binding(sourceIds);
    return this.d.contentKinds.screensShowing(widgets.map((w) => ({ contentType: 'asset', contentId: w.id })));
  }
}
