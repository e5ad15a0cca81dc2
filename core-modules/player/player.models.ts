import { TableModel } from '../../kernel/db/table-model.js';

/** A row of `player_manifest_state`: a screen's manifest version and the hash of its content. */
export class ManifestStateModel extends TableModel {
  static override tableName = 'player_manifest_state';
  static override idColumn = 'screen_id';
}
export interface ManifestStateModel {
  screen_id: string;
  manifest_version: number;
  content_hash: string;
  updated_at: Date;
}

/** A row of `player_config_state`: a screen's config revision and the hash of its content. */
export class ConfigStateModel extends TableModel {
  static override tableName = 'player_config_state';
  static override idColumn = 'screen_id';
}
export interface ConfigStateModel {
  screen_id: string;
  config_revision: number;
  content_hash: string;
  updated_at: Date;
}
