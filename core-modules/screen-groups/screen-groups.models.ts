import { TableModel } from '../../kernel/db/table-model.js';

export interface GroupRow {
  id: string;
  name: string;
  description: string;
  display_mode: 'mirror' | 'span';
  /** What members with none of their own play (both set or both null). */
  content_type: string | null;
  content_id: string | null;
  playback_epoch: Date;
  /** The member preferred as the group's presentation gateway; shown only while it is a member. */
  presentation_gateway_screen_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface MemberRow {
  screen_id: string;
  group_id: string;
  added_at: Date;
}

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
