import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { RollupStateModel } from './activity.models.js';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
/** Hours rolled per run: a fresh install with a year of imported history catches up over a few runs. */
const HOURS_PER_RUN = 24 * 14;
const DIRTY_PER_RUN = 500;
// Ingestion holds this shared while it checks which hours are already rolled up; the roll-up holds it
// alone while it rewrites one and moves the mark, so no session slips between the two.
const LOCK = `hashtextextended('activity:playback-rollup', 0)`;

const COUNTS = `count(*)::int, count(*) FILTER (WHERE result = 'completed')::int, count(*) FILTER (WHERE result = 'partial')::int,
  count(*) FILTER (WHERE result = 'skipped')::int, count(*) FILTER (WHERE result = 'failed')::int,
  count(*) FILTER (WHERE result = 'unknown')::int, count(*) FILTER (WHERE interrupted)::int, coalesce(sum(duration_ms), 0)::bigint`;
const SUMS =
  'sum(sessions)::int, sum(completed)::int, sum(partial)::int, sum(skipped)::int, sum(failed)::int, sum(unknown)::int, sum(interrupted)::int, sum(duration_ms)::bigint';
const GROUP = 'screen_id, location_id, session_type, presentation_id, content_id';
const COLUMNS = `bucket, hours, grain, ${GROUP}, sessions, completed, partial, skipped, failed, unknown, interrupted, duration_ms`;
/** The columns each coarser grain keeps (the others are NULL), summed from the detail rows of the same bucket. */
export const GRAINS = {
  screen: ['screen_id', 'location_id', 'session_type'],
  content: ['session_type', 'presentation_id', 'content_id'],
} as const;

/**
 * Keeps playback_rollup: each completed hour's sessions summarized (by screen, location, session
 * type, presentation and content), and each UTC day once its hours are in. Sessions written later
 * for an hour already summarized (a player uploading after an outage, a session closing) mark it
 * to be redone. Summaries read the rollup up to `rolled_up_to` and sessions after it.
 */
export class PlaybackRollup {
  private readonly state: typeof RollupStateModel;

  constructor(private readonly d: Pick<KernelDeps, 'db' | 'logger'>) {
    this.state = RollupStateModel.bindKnex(d.db);
  }

  /** In ingestion's transaction: hours of sessions just written that are already summarized. */
  async markLate(trx: Knex.Transaction, startedAts: Date[]): Promise<void> {
    if (!startedAts.length) return;
    const hours = [...new Set(startedAts.map((d) => floorTo(d.getTime(), HOUR_MS)))].map((ms) => new Date(ms));
    await trx.raw(`SELECT pg_advisory_xact_lock_shared(${LOCK})`);
    await trx.raw(
      `INSERT INTO playback_rollup_dirty (hour) SELECT h FROM unnest(?::timestamptz[]) AS h, playback_rollup_state s
       WHERE s.rolled_up_to IS NOT NULL AND h < s.rolled_up_to ON CONFLICT DO NOTHING`,
      [hours],
    );
  }

  /** Where the rollup ends (hour-aligned), or null before the first run. */
  async mark(): Promise<Date | null> {
    return (await this.state.query().first())?.rolled_up_to ?? null;
  }

  /** Summarizes completed hours since the mark, then redoes late hours; returns the hours written. */
  async run(now = Date.now(), signal?: AbortSignal): Promise<number> {
    const limit = floorTo(now, HOUR_MS);
    let mark = (await this.mark())?.getTime() ?? (await this.firstHour());
    let done = 0;
    while (mark !== undefined && mark < limit && done < HOURS_PER_RUN && !signal?.aborted) {
      const hour = mark;
      await this.d.db.transaction(async (trx) => {
        await trx.raw(`SELECT pg_advisory_xact_lock(${LOCK})`);
        await this.rollHour(trx, hour);
        if ((hour + HOUR_MS) % DAY_MS === 0) await this.rollDay(trx, hour + HOUR_MS - DAY_MS);
        await this.state.query(trx).patch({ rolled_up_to: new Date(hour + HOUR_MS) });
      });
      mark = hour + HOUR_MS;
      done++;
    }
    const dirty: Date[] = await this.d.db('playback_rollup_dirty').orderBy('hour').limit(DIRTY_PER_RUN).pluck('hour');
    for (const hour of dirty) {
      if (signal?.aborted) break;
      await this.d.db.transaction(async (trx) => {
        await trx.raw(`SELECT pg_advisory_xact_lock(${LOCK})`);
        await trx('playback_rollup_dirty').where({ hour }).delete();
        await this.rollHour(trx, hour.getTime());
        const day = floorTo(hour.getTime(), DAY_MS);
        if (mark !== undefined && day + DAY_MS <= mark) await this.rollDay(trx, day);
      });
      done++;
    }
    if (done) this.d.logger.info({ hours: done, rolledUpTo: mark && new Date(mark) }, 'playback rollup advanced');
    return done;
  }

  private async firstHour(): Promise<number | undefined> {
    const row = await this.d.db('playback_sessions').min('started_at as first').first();
    return row?.first ? floorTo(new Date(row.first).getTime(), HOUR_MS) : undefined;
  }

  private async rollHour(trx: Knex.Transaction, hour: number): Promise<void> {
    const start = new Date(hour);
    await trx('playback_rollup').where({ hours: 1, bucket: start }).delete();
    await trx.raw(
      `INSERT INTO playback_rollup (${COLUMNS}) SELECT ?::timestamptz, 1, 'detail', ${GROUP}, ${COUNTS}
       FROM playback_sessions WHERE started_at >= ? AND started_at < ? GROUP BY ${GROUP}`,
      [start, start, new Date(hour + HOUR_MS)],
    );
    await this.coarsen(trx, start, 1);
  }

  private async rollDay(trx: Knex.Transaction, day: number): Promise<void> {
    const start = new Date(day);
    await trx('playback_rollup').where({ hours: 24, bucket: start }).delete();
    await trx.raw(
      `INSERT INTO playback_rollup (${COLUMNS}) SELECT ?::timestamptz, 24, 'detail', ${GROUP}, ${SUMS}
       FROM playback_rollup WHERE grain = 'detail' AND hours = 1 AND bucket >= ? AND bucket < ? GROUP BY ${GROUP}`,
      [start, start, new Date(day + DAY_MS)],
    );
    await this.coarsen(trx, start, 24);
  }

  /** The bucket's screen and content grains, from its detail rows. */
  private async coarsen(trx: Knex.Transaction, bucket: Date, hours: number): Promise<void> {
    for (const [grain, kept] of Object.entries(GRAINS)) {
      const columns = GROUP.split(', ').map((c) => ((kept as readonly string[]).includes(c) ? c : `NULL`));
      await trx.raw(
        `INSERT INTO playback_rollup (${COLUMNS}) SELECT ?::timestamptz, ?, ?, ${columns.join(', ')}, ${SUMS}
         FROM playback_rollup WHERE grain = 'detail' AND hours = ? AND bucket = ? GROUP BY ${kept.join(', ')}`,
        [bucket, hours, grain, hours, bucket],
      );
    }
  }
}
