import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { WidgetModel, type WidgetRow } from './widgets.models.js';

export type WidgetFields = Pick<WidgetRow, 'provider' | 'preset_id' | 'configuration' | 'data_source_ids'>;

/** The widgets table: the only place that queries it. */
export class WidgetsRepository {
  private readonly widgets: typeof WidgetModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.widgets = WidgetModel.bindKnex(db);
  }

  async insert(assetId: string, fields: WidgetFields & { managed_by?: string }, trx: Knex.Transaction): Promise<void> {
    await this.widgets.query(trx).insert({ asset_id: assetId, ...fields });
  }

  /** Replaces its configuration; its version moves so players drop what they kept of the old one. */
  async update(assetId: string, fields: WidgetFields, trx: Knex.Transaction): Promise<void> {
    await this.widgets
      .query(trx)
      .findById(assetId)
      .patch({ ...fields, config_version: WidgetModel.raw('config_version + 1'), updated_at: WidgetModel.fn.now() } as never);
  }

  async byId(assetId: string, trx?: Knex.Transaction): Promise<WidgetRow | undefined> {
    return this.widgets.query(trx).findById(assetId);
  }

  async byIds(assetIds: string[], trx?: Knex.Transaction): Promise<WidgetRow[]> {
    if (!assetIds.length) return [];
    return this.widgets.query(trx).findByIds(assetIds);
  }

  /** Those of `assetIds` another module keeps. */
  async managedAmong(assetIds: string[], trx?: Knex.Transaction): Promise<Pick<WidgetRow, 'asset_id' | 'managed_by'>[]> {
    if (!assetIds.length) return [];
    return this.widgets.query(trx).select('asset_id', 'managed_by').findByIds(assetIds).whereNotNull('managed_by');
  }

  /** The widgets binding any of these sources (deleted ones too: the caller keeps the live ones). */
  async bindingAny(sourceIds: string[], trx?: Knex.Transaction): Promise<Pick<WidgetRow, 'asset_id' | 'data_source_ids'>[]> {
    if (!sourceIds.length) return [];
    return this.widgets.query(trx).select('asset_id', 'data_source_ids').whereRaw('data_source_ids && ?::uuid[]', [sourceIds]);
  }
}
