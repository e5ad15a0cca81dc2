import { invalidInput } from '../../kernel/errors.js';
import { sqlState } from '../../kernel/db/database.js';
import type { KernelDeps } from '../../kernel/kernel.js';

const TABLE = 'noise_meter_history';

/** One stored ten-second bucket, as the ingest checked it. */
export interface BucketValues {
  bucketStart: Date;
  averageLevel: number;
  peakLevel: number;
  monitoredMs: number;
  warningMs: number;
  loudMs: number;
  triggerCount: number;
}

/** One history question: a meter's buckets of these screens in [from, to), days in `tz`. */
export interface HistoryFilter {
  instanceId: string;
  screenIds: string[];
  from: Date;
  to: Date;
  tz: string;
}

export interface Aggregate {
  averageLevel: number | null;
  peakLevel: number | null;
  monitoredMs: number;
  warningMs: number;
  loudMs: number;
  triggerCount: number;
}
export interface SeriesPoint extends Aggregate {
  at: Date;
}
export interface DayRow extends Aggregate {
  date: string;
  longestLoudMs: number;
}
/** Raw export rows carry the start as epoch milliseconds: parsing a Date per row costs more than the query. */
export interface RawRow extends Omit<BucketValues, 'bucketStart'> {
  screenId: string;
  startMs: number;
}
export interface ScreenHistory {
  screenId: string;
  buckets: number;
  firstAt: Date;
  lastAt: Date;
}

// Averages are weighted by monitored time, so a half-covered bucket counts half; sums are float8
// because a month of milliseconds overflows int4 and int8 would arrive as strings.
const AGGREGATES = `
  round(coalesce(sum(average_level::float8 * monitored_ms) / nullif(sum(monitored_ms), 0), avg(average_level))::numeric, 2)::float8 AS "averageLevel",
  round(max(peak_level)::numeric, 2)::float8 AS "peakLevel",
  coalesce(sum(monitored_ms), 0)::float8 AS "monitoredMs",
  coalesce(sum(warning_ms), 0)::float8 AS "warningMs",
  coalesce(sum(loud_ms), 0)::float8 AS "loudMs",
  coalesce(sum(trigger_count), 0)::float8 AS "triggerCount"`;

const WHERE = `instance_id = :instanceId AND screen_id = ANY(CAST(:screenIds AS uuid[])) AND bucket_start >= :from AND bucket_start < :to`;

/**
 * Continuous loud runs: consecutive buckets of one screen that carry loud time. Subtracting the
 * row number's worth of buckets turns "consecutive" into one constant per run, to group on.
 */
const loudRuns = (extra: string) => `
  SELECT ${extra} sum(loud_ms) AS total FROM (
    SELECT screen_id, loud_ms, (bucket_start AT TIME ZONE :tz)::date AS day,
      bucket_start - interval '10 seconds' * row_number() OVER (PARTITION BY screen_id ORDER BY bucket_start) AS run
    FROM ${TABLE} WHERE ${WHERE} AND loud_ms > 0) loud
  GROUP BY ${extra} screen_id, run`;

/** The only code that touches the history table. Every read is aggregated by PostgreSQL. */
export class HistoryRepository {
  constructor(private readonly d: Pick<KernelDeps, 'db'>) {}

  private async rows<T>(sql: string, filter: HistoryFilter, extra: Record<string, unknown> = {}): Promise<T[]> {
    return (await this.d.db.raw(sql, { ...filter, ...extra })).rows;
  }

  /** One statement per heartbeat; a bucket already stored (a resent heartbeat) is left alone. */
  async insert(screenId: string, instanceId: string, buckets: BucketValues[]): Promise<void> {
    const rows = buckets.map((b) => ({
      screen_id: screenId,
      bucket_start: b.bucketStart,
      instance_id: instanceId,
      average_level: b.averageLevel,
      peak_level: b.peakLevel,
      monitored_ms: b.monitoredMs,
      warning_ms: b.warningMs,
      loud_ms: b.loudMs,
      trigger_count: b.triggerCount,
    }));
    await this.d.db(TABLE).insert(rows).onConflict(['screen_id', 'bucket_start']).ignore();
  }

  /** Local midnight `back` days before today to local midnight `ahead` days after it, in `tz`. */
  async range(tz: string, back: number, ahead: number): Promise<{ from: Date; to: Date }> {
    const { rows } = await this.d.db
      .raw(
        `SELECT (d - make_interval(days => :back)) AT TIME ZONE :tz AS "from", (d + make_interval(days => :ahead)) AT TIME ZONE :tz AS "to"
         FROM (SELECT date_trunc('day', now() AT TIME ZONE :tz) AS d) today`,
        { tz, back, ahead },
      )
      .catch((err: unknown) => {
        // A zone ICU knows but this server's tzdata does not (they are released separately).
        if (sqlState(err) === '22023') throw invalidInput('validation_failed', `PostgreSQL does not know the time zone ${tz}.`, 'query/tz');
        throw err;
      });
    return rows[0];
  }

  async summary(filter: HistoryFilter): Promise<Aggregate & { buckets: number; firstAt: Date | null; lastAt: Date | null }> {
    const sql = `SELECT count(*)::int AS buckets, ${AGGREGATES}, min(bucket_start) AS "firstAt", max(bucket_start) AS "lastAt" FROM ${TABLE} WHERE ${WHERE}`;
    return (await this.rows<any>(sql, filter))[0];
  }

  async longestLoudMs(filter: HistoryFilter): Promise<number> {
    const [row] = await this.rows<{ longest: number }>(`SELECT coalesce(max(total), 0)::float8 AS longest FROM (${loudRuns('')}) runs`, filter);
    return row!.longest;
  }

  /** The 15 minutes (aligned to the range start) with the highest weighted average level. */
  async loudestWindow(filter: HistoryFilter): Promise<{ at: Date; level: number } | undefined> {
    const sql = `SELECT date_bin(interval '15 minutes', bucket_start, :from) AS at,
        round((sum(average_level::float8 * monitored_ms) / sum(monitored_ms))::numeric, 2)::float8 AS level
      FROM ${TABLE} WHERE ${WHERE} GROUP BY 1 HAVING sum(monitored_ms) > 0 ORDER BY level DESC, at LIMIT 1`;
    return (await this.rows<{ at: Date; level: number }>(sql, filter))[0];
  }

  /** Points of `width` aligned to the range start (local midnight): local hours stay whole across DST. */
  series(filter: HistoryFilter, width: string): Promise<SeriesPoint[]> {
    const sql = `SELECT date_bin(CAST(:width AS interval), bucket_start, CAST(:origin AS timestamptz)) AS at, ${AGGREGATES}
      FROM ${TABLE} WHERE ${WHERE} GROUP BY 1 ORDER BY 1`;
    return this.rows(sql, filter, { width, origin: filter.from });
  }

  /** Days in the filter's time zone; a run of loud buckets that crosses midnight counts on each side. */
  daily(filter: HistoryFilter): Promise<DayRow[]> {
    const sql = `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, d."averageLevel", d."peakLevel", d."monitoredMs", d."warningMs", d."loudMs", d."triggerCount",
        coalesce(r.longest, 0)::float8 AS "longestLoudMs"
      FROM (SELECT (bucket_start AT TIME ZONE :tz)::date AS day, ${AGGREGATES} FROM ${TABLE} WHERE ${WHERE} GROUP BY 1) d
      LEFT JOIN (SELECT day, max(total) AS longest FROM (${loudRuns('day,')}) runs GROUP BY day) r ON r.day = d.day
      ORDER BY d.day`;
    return this.rows(sql, filter);
  }

  screens(filter: HistoryFilter): Promise<ScreenHistory[]> {
    const sql = `SELECT screen_id AS "screenId", count(*)::int AS buckets, min(bucket_start) AS "firstAt", max(bucket_start) AS "lastAt"
      FROM ${TABLE} WHERE ${WHERE} GROUP BY screen_id`;
    return this.rows(sql, filter);
  }

  /** One page of stored buckets in (time, screen) order, after the given row (keyset pagination). */
  rawPage(filter: HistoryFilter, after: { at: Date; screenId: string } | undefined, limit: number): Promise<RawRow[]> {
    const sql = `SELECT screen_id AS "screenId", (extract(epoch FROM bucket_start) * 1000)::float8 AS "startMs", average_level AS "averageLevel", peak_level AS "peakLevel",
        monitored_ms AS "monitoredMs", warning_ms AS "warningMs", loud_ms AS "loudMs", trigger_count AS "triggerCount"
      FROM ${TABLE} WHERE ${WHERE} ${after ? 'AND (bucket_start, screen_id) > (:afterAt, CAST(:afterScreen AS uuid))' : ''}
      ORDER BY bucket_start, screen_id LIMIT :limit`;
    return this.rows(sql, filter, { afterAt: after?.at ?? null, afterScreen: after?.screenId ?? null, limit });
  }

  /**
   * Instances that still have history, found by skipping through the index one instance at a time
   * (a plain DISTINCT would read every entry of it).
   */
  async instanceIds(): Promise<string[]> {
    const { rows } = await this.d.db.raw(`WITH RECURSIVE ids AS (
        (SELECT instance_id FROM ${TABLE} ORDER BY instance_id LIMIT 1)
        UNION ALL
        SELECT (SELECT h.instance_id FROM ${TABLE} h WHERE h.instance_id > ids.instance_id ORDER BY h.instance_id LIMIT 1) FROM ids WHERE ids.instance_id IS NOT NULL)
      SELECT instance_id FROM ids WHERE instance_id IS NOT NULL`);
    return rows.map((r: { instance_id: string }) => r.instance_id);
  }

  /** Deletes up to `limit` of an instance's buckets older than `before`; returns how many went. */
  async purgeBatch(instanceId: string, before: Date, limit: number): Promise<number> {
    const { rowCount } = await this.d.db.raw(
      `DELETE FROM ${TABLE} h USING (
         SELECT screen_id, bucket_start FROM ${TABLE} WHERE instance_id = :instanceId AND bucket_start < :before ORDER BY bucket_start LIMIT :limit
       ) old WHERE h.screen_id = old.screen_id AND h.bucket_start = old.bucket_start`,
      { instanceId, before, limit },
    );
    return rowCount ?? 0;
  }
}
