import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { TelemetrySnapshotModel } from './activity.models.js';

/** One sample as stored: its time on the server's clock, and its counters by rollup column. */
export interface TelemetryWrite {
  screenId: string;
  observedAt: Date;
  receivedAt: Date;
  sample: Record<string, unknown>;
  bucket: Date;
  counters: Record<string, number>;
  roundTripMs: number | null;
}

/** screen_telemetry (the latest sample per screen) and screen_telemetry_rollups. */
/** A bucket's counter plus a sample's, held at 2^53 - 1: a player sending huge deltas fills its own bucket and nothing else. */
const saturatingSum = (column: string) => `LEAST(r.${column}::numeric + excluded.${column}, ${Number.MAX_SAFE_INTEGER})::bigint`;

export class TelemetryRepository {
  private readonly db: Knex;
  private readonly snapshots: typeof TelemetrySnapshotModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    // The writes are upserts with SQL conditions (knex); the snapshot is read through its model.
    this.db = db;
    this.snapshots = TelemetrySnapshotModel.bindKnex(db);
  }

  /** Two row writes per sample: the snapshot and its bucket (its counters stop at 2^53 - 1 rather than overflow). */
  async record(w: TelemetryWrite): Promise<void> {
    const columns = Object.keys(w.counters);
    await this.db.transaction(async (trx) => {
      // The latest sample only moves forward, decided in the statement itself so that samples
      // written at once by several processes settle on the newest. An older one still counts below.
      await trx('screen_telemetry')
        .insert({ screen_id: w.screenId, observed_at: w.observedAt, received_at: w.receivedAt, sample: w.sample })
        .onConflict('screen_id')
        .merge()
        .where('screen_telemetry.observed_at', '<=', w.observedAt);
      await trx.raw(
        `INSERT INTO screen_telemetry_rollups AS r (screen_id, bucket, samples, ${columns.join(', ')}, max_round_trip_ms)
         VALUES (?, ?, 1, ${columns.map(() => '?').join(', ')}, ?)
         ON CONFLICT (screen_id, bucket) DO UPDATE SET samples = r.samples + 1, ${columns.map((c) => `${c} = ${saturatingSum(c)}`).join(', ')},
           max_round_trip_ms = GREATEST(r.max_round_trip_ms, excluded.max_round_trip_ms)`,
        [w.screenId, w.bucket, ...Object.values(w.counters), w.roundTripMs],
      );
    });
  }

  async snapshot(screenId: string): Promise<TelemetrySnapshotModel | undefined> {
    return this.snapshots.query().findById(screenId);
  }

  rollups(screenId: string, from: Date, to: Date): Promise<Record<string, any>[]> {
    return this.db('screen_telemetry_rollups').where({ screen_id: screenId }).where('bucket', '>=', from).where('bucket', '<', to).orderBy('bucket');
  }
}
