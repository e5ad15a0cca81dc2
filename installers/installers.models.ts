import { TableModel } from '../kernel/db/table-model.js';
import type { ScreencastReceiverRow } from './screencast-receiver.repository.js';

/** The row of `installers_screencast_receiver`: the receiver archive the operator provided. */
export class ScreencastReceiverModel extends TableModel {
  static override tableName = 'installers_screencast_receiver';
  static override idColumn = 'singleton';
}
export interface ScreencastReceiverModel extends ScreencastReceiverRow {}
