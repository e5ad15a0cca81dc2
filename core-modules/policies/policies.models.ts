import { TableModel } from '../../kernel/db/table-model.js';

export type PolicyScope = 'screen' | 'group';

export interface PolicyRow {
  scope: PolicyScope;
  target_id: string;
  values: Record<string, unknown>;
  priority: number;
  revision: number;
  updated_by: string | null;
  updated_at: Date;
}

/** A row of `player_policies`: a group's or a screen's values over the organization's. */
export class PolicyModel extends TableModel {
  static override tableName = 'player_policies';
  static override idColumn = ['scope', 'target_id'];
}
export interface PolicyModel extends PolicyRow {}
