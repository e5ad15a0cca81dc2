import { TableModel } from '../../kernel/db/table-model.js';
import type { GroupRow, MemberRow } from './groups.repository.js';

/** A row of `screen_groups`. */
export class GroupModel extends TableModel {
  static override tableName = 'screen_groups';
}
export interface GroupModel extends GroupRow {}

/** A row of `screen_group_members`: a screen in its one group. */
export class MemberModel extends TableModel {
  static override tableName = 'screen_group_members';
  static override idColumn = 'screen_id';
}
export interface MemberModel extends MemberRow {}
