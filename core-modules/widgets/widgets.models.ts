import { TableModel } from '../../kernel/db/table-model.js';
import type { Configuration } from './definitions/configuration.js';

export interface WidgetRow {
  asset_id: string;
  provider: string;
  preset_id: string | null;
  /** Moves on every change of configuration: players key their state by it. */
  config_version: number;
  configuration: Configuration;
  /** The data sources its configuration binds. */
  data_source_ids: string[];
  /** The module that made it for itself and keeps it (people may not change or delete it); null for people's own. */
  managed_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** A row of `widgets`: what a widget asset shows (one per widget asset). */
export class WidgetModel extends TableModel {
  static override tableName = 'widgets';
  static override idColumn = 'asset_id';
}
export interface WidgetModel extends WidgetRow {}
