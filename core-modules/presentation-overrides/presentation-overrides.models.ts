import { TableModel } from '../../kernel/db/table-model.js';
import type { OverrideRow } from './presentation-overrides.repository.js';

/** A row of `presentation_overrides`: one quick present session. */
export class PresentationOverrideModel extends TableModel {
  static override tableName = 'presentation_overrides';
}
export interface PresentationOverrideModel extends OverrideRow {}
