import { TableModel } from '../../kernel/db/table-model.js';

/** A row of `settings`: one organization setting that differs from its default (value as json text). */
export class SettingModel extends TableModel {
  static override tableName = 'settings';
  static override idColumn = 'key';
}
export interface SettingModel {
  key: string;
  value: unknown;
  updated_by: string | null;
  updated_at: Date;
}

/** The one row of `settings_revision`: bumped by every change, for optimistic concurrency. */
export class SettingsRevisionModel extends TableModel {
  static override tableName = 'settings_revision';
}
export interface SettingsRevisionModel {
  revision: number;
  updated_at: Date;
}
