import { TableModel } from '../../kernel/db/table-model.js';
import type { PolicyRow } from './policies.repository.js';

/** A row of `player_policies`: a group's or a screen's values over the organization's. */
export class PolicyModel extends TableModel {
  static override tableName = 'player_policies';
  static override idColumn = ['scope', 'target_id'];
}
export interface PolicyModel extends PolicyRow {}
