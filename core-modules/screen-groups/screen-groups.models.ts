import { TableModel } from '../../kernel/db/table-model.js';
import type { GroupRow, MemberRow } from './groups.repository.js';
import type { PanelFileRow } from './panel-files.repository.js';
import type { PanelRow, SpanRow } from './span.repository.js';

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

/** A row of `screen_group_spans`: a span group's canvas. */
export class SpanModel extends TableModel {
  static override tableName = 'screen_group_spans';
  static override idColumn = 'group_id';
}
export interface SpanModel extends SpanRow {}

/** A row of `screen_group_span_panels`: one member's panel of its group's canvas. */
export class PanelModel extends TableModel {
  static override tableName = 'screen_group_span_panels';
  static override idColumn = 'screen_id';
}
export interface PanelModel extends PanelRow {}

/** A row of `screen_group_panel_files`: a member's panel of one video, cut for its wall. */
export class PanelFileModel extends TableModel {
  static override tableName = 'screen_group_panel_files';
}
export interface PanelFileModel extends PanelFileRow {}
