import { TableModel } from '../../kernel/db/table-model.js';
import type { OutputRow, SourceRow } from './data-sources.repository.js';

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
