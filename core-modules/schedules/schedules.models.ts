import { TableModel } from '../../kernel/db/table-model.js';
import type { ScheduleRow, TargetRow } from './schedules.repository.js';

/** A row of `schedules`. */
export class ScheduleModel extends TableModel {
  static override tableName = 'schedules';
}
export interface ScheduleModel extends ScheduleRow {}

/** A row of `schedule_targets`: one screen or group a schedule plays on. */
export class ScheduleTargetModel extends TableModel {
  static override tableName = 'schedule_targets';
  static override idColumn = ['schedule_id', 'target_type', 'target_id'];
}
export interface ScheduleTargetModel extends TargetRow {}
