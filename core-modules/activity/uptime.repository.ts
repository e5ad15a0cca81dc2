import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';

/** One screen's telemetry over one report bucket: seconds its player reported, and of them seconds impaired. */
export interface ReportedSeconds {
  screenId: string;
  /** The report bucket's index from the window's start. */
  bucket: number;
  reported: number;
  impaired: number;
  /** The first five-minute rollup the screen has in the bucket. */
  firstAt: Date;
}

/** A rollup bucket holds at most five minutes: larger sums come from overlapping samples and are capped. */
const ROLLUP_SECONDS = 300;

/** Uptime reads the telemetry rollups: what each player reported, per screen and report bucket. */
export class UptimeRepository {
  private readonly db: Knex;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
  }

  /** Rollups from `from` to `to` in buckets of `bucketSeconds`; a rollup counts only up to `judgedUntil`. */
  async reported(from: Date, to: Date, bucketSeconds: number, judgedUntil: Date): Promise<ReportedSeconds[]> {
    // The newest rollup holds samples for the seconds before they were sent, which may reach past what is judged.
    const capped = `least(seconds, ${ROLLUP_SECONDS}, greatest(0, extract(epoch FROM :until::timestamptz - bucket)))`;
    const { rows } = await this.db.raw(
      `SELECT screen_id, floor(extract(epoch FROM bucket - :from::timestamptz) / :bucketSeconds)::int AS n,
              sum(${capped})::float8 AS reported,
              sum(least(stalled_playback_seconds + black_output_seconds, ${capped}))::float8 AS impaired,
              min(bucket) AS first_at
         FROM screen_telemetry_rollups
        WHERE bucket >= :from AND bucket < :to
        GROUP BY 1, 2`,
      { from, to, bucketSeconds, until: judgedUntil },
    );
    return (rows as { screen_id: string; n: number; reported: number; impaired: number; first_at: Date }[]).map((r) => ({
      screenId: r.screen_id,
      bucket: r.n,
      reported: r.reported,
      impaired: r.impaired,
      firstAt: r.first_at,
    }));
  }
}
