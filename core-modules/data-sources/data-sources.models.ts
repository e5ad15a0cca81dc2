import { TableModel } from '../../kernel/db/table-model.js';
import type { DataDocument } from './providers/document.js';

export interface SourceRow {
  id: string;
  name: string;
  description: string;
  provider: string;
  configuration: Record<string, unknown>;
  config_version: number;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface OutputRow {
  source_id: string;
  document: DataDocument | null;
  output_version: number;
  refreshed_at: Date | null;
  attempted_at: Date | null;
  due_at: Date | null;
  error_code: string | null;
  error_message: string | null;
  failures: number;
  duration_ms: number | null;
}

/** A row of `data_sources`. */
export class SourceModel extends TableModel {
  static override tableName = 'data_sources';
  // Configurations are objects, sent as json.
  static override jsonAttributes = ['configuration'];
}
export interface SourceModel extends SourceRow {}

/** A row of `data_source_outputs`: a source's document and refresh state. */
export class OutputModel extends TableModel {
  static override tableName = 'data_source_outputs';
  static override idColumn = 'source_id';
  static override jsonAttributes = ['document'];
}
export interface OutputModel extends OutputRow {}
