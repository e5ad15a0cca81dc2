import { TableModel } from '../../kernel/db/table-model.js';
import type { PreviewRow } from './previews.repository.js';

/** A row of `screen_previews`: the console's lease on a screen and its latest capture or failure. */
export class PreviewModel extends TableModel {
  static override tableName = 'screen_previews';
  static override idColumn = 'screen_id';
}
export interface PreviewModel extends PreviewRow {}
