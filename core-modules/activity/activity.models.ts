import { TableModel } from '../../kernel/db/table-model.js';

/**
 * The activity tables are written in batches and read as aggregates (SQL through knex: ingestion's
 * ON CONFLICT inserts, rollups, keyset pages, streamed exports). Rows read one at a time have models.
 */

/** A row of `screen_telemetry`: a screen's latest telemetry sample as sent. */
export class TelemetrySnapshotModel extends TableModel {
  static override tableName = 'screen_telemetry';
  static override idColumn = 'screen_id';
}
export interface TelemetrySnapshotModel {
  screen_id: string;
  observed_at: Date;
  received_at: Date;
  sample: Record<string, unknown>;
}

/** The one row of `playback_rollup_state`: where the hourly proof-of-play rollup has reached. */
export class RollupStateModel extends TableModel {
  static override tableName = 'playback_rollup_state';
  static override idColumn = 'singleton';
}
export interface RollupStateModel {
  rolled_up_to: Date | null;
}
