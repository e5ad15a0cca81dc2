import { TableModel } from '../../kernel/db/table-model.js';
import type { ScreenStateRow, TakeoverRow, TakeoverTargetRow } from './takeovers.repository.js';

/** A row of `takeovers`. */
export class TakeoverModel extends TableModel {
  static override tableName = 'takeovers';
}
export interface TakeoverModel extends TakeoverRow {}

/** A row of `takeover_targets`: one screen or group a takeover was asked for. */
export class TakeoverTargetModel extends TableModel {
  static override tableName = 'takeover_targets';
  static override idColumn = ['takeover_id', 'target_type', 'target_id'];
}
export interface TakeoverTargetModel extends TakeoverTargetRow {}

/** A row of `takeover_screen_states`: one screen a takeover took, and what its player reported. */
export class TakeoverScreenStateModel extends TableModel {
  static override tableName = 'takeover_screen_states';
  static override idColumn = ['takeover_id', 'screen_id'];
}
export interface TakeoverScreenStateModel extends ScreenStateRow {}
