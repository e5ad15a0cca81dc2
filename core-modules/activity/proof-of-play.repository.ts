import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { DAY_MS, GRAINS, HOUR_MS } from './playback-rollup.js';

/** A session type filter for every session inside a root presentation: what played, counted once. */
export const CHILD_SESSIONS = 'child';

/** Which sessions a read covers. `screenIds` is the screen and group filters resolved (empty matches nothing). */
export interface PlayFilter {
  from: Date;
  to: Date;
  screenIds?: string[];
  locationId?: string;
  assetId?: string;
  playlistId?: string;
  sessionType?: string;
  result?: string;
  /** A terminal reason, or `unexpected` for any interruption. */
  terminalReason?: string;
}

export const GROUP_BY = {
  screen: 'screen_id',
  location: 'location_id',
  content: 'content_id',
  presentation: 'presentation_id',
  sessionType: 'session_type',
  /** The UTC day a session started: the rollup's day buckets are UTC days, so each day's total is exact. */
  day: null,
} as const;
export type GroupBy = keyof typeof GROUP_BY;

/** The grouping key as SQL over a table's time column (`started_at` or the rollup's `bucket`). */
const keyOf = (groupBy: GroupBy, time: 'started_at' | 'bucket') => GROUP_BY[groupBy] ?? `to_char(${time} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

export interface SummaryRow {
  key: string | null;
  sessions: number;
  completed: number;
  partial: number;
  skipped: number;
  failed: number;
  unknown: number;
  interrupted: number;
  durationMs: number;
}

export interface SessionRow {
  id: string;
  screen_id: string;
  location_id: string | null;
  activity_session_id: string;
  parent_activity_session_id: string | null;
  session_type: string;
  started_at: Date;
  ended_at: Date | null;
  expected_duration_ms: string | null;
  duration_ms: string | null;
  result: string;
  terminal_reason: string | null;
  interrupted: boolean;
  failure_code: string | null;
  presentation_type: string | null;
  presentation_id: string | null;
  presentation_revision: string | null;
  content_type: string | null;
  content_id: string | null;
  playlist_item_id: string | null;
  layout_placement_id: string | null;
  schedule_id: string | null;
  takeover_id: string | null;
  trigger: string | null;
  manifest_version: string | null;
  synthesized_start: boolean;
}

const EXPORTED = [
  'id',
  'screen_id',
  'session_type',
  'result',
  'terminal_reason',
  'interrupted',
  'presentation_type',
  'presentation_id',
  'content_type',
  'content_id',
  'playlist_item_id',
  'layout_placement_id',
  'schedule_id',
  'takeover_id',
  'synthesized_start',
] as const;
const camel = (column: string) => column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A session as the export writes it. */
export type ExportRow = { [K in (typeof EXPORTED)[number]]: K extends 'interrupted' | 'synthesized_start' ? boolean : string | null } & {
  startedAt: number;
  endedAt: number | null;
  duration_ms: number | null;
  expected_duration_ms: number | null;
};

const ceil = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;
const floor = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
type Span = [number, number];
const nonEmpty = (spans: Span[]) => spans.filter(([a, b]) => b > a);

/**
 * Splits [from, to) into what the rollup answers (whole UTC days, whole hours) and what is read
 * from sessions (edges that are not whole hours, and everything after the rollup's mark). Pure.
 */
export function planSpans(from: number, to: number, mark: number | null): { days: Span[]; hours: Span[]; live: Span[] } {
  const rolledEnd = mark === null ? from : Math.max(from, Math.min(to, mark));
  const hourStart = Math.min(ceil(from, HOUR_MS), rolledEnd);
  const hourEnd = Math.max(hourStart, floor(rolledEnd, HOUR_MS));
  const dayStart = Math.min(ceil(hourStart, DAY_MS), hourEnd);
  const dayEnd = Math.max(dayStart, floor(hourEnd, DAY_MS));
  return {
    days: nonEmpty([[dayStart, dayEnd]]),
    hours: nonEmpty([
      [hourStart, dayStart],
      [dayEnd, hourEnd],
    ]),
    live: nonEmpty([
      [from, hourStart],
      [hourEnd, rolledEnd],
      [rolledEnd, to],
    ]),
  };
}

/** The coarsest rollup grain that still has the grouping column and every filtered one. */
function grainFor(f: PlayFilter, key: string | null): 'detail' | keyof typeof GRAINS {
  const used = [
    ...(key ? [key] : []),
    ...(f.screenIds ? ['screen_id'] : []),
    ...(f.locationId ? ['location_id'] : []),
    ...(f.assetId ? ['content_id'] : []),
    ...(f.playlistId ? ['presentation_id'] : []),
  ];
  const fits = (kept: readonly string[]) => used.every((c) => kept.includes(c));
  return fits(GRAINS.screen) ? 'screen' : fits(GRAINS.content) ? 'content' : 'detail';
}

const SUMS = `sum(sessions)::int AS sessions, sum(completed)::int AS completed, sum(partial)::int AS partial, sum(skipped)::int AS skipped,
  sum(failed)::int AS failed, sum(unknown)::int AS unknown, sum(interrupted)::int AS interrupted, sum(duration_ms)::bigint AS "durationMs"`;

/** Proof-of-play reads: sessions page by page, summaries from the rollup and the live edge. */
export class ProofOfPlayRepository {
  constructor(private readonly d: Pick<KernelDeps, 'db'>) {}

  /** The filters every read shares, on playback_sessions or playback_rollup (both have these columns). */
  private scoped(q: Knex.QueryBuilder, f: PlayFilter, table: 'sessions' | 'rollup'): Knex.QueryBuilder {
    if (f.screenIds) q.whereIn('screen_id', f.screenIds);
    if (f.locationId) q.where('location_id', f.locationId);
    if (f.assetId) q.where('content_id', f.assetId);
    if (f.playlistId) q.where('presentation_id', f.playlistId);
    if (f.sessionType === CHILD_SESSIONS) q.whereNot('session_type', 'presentation');
    else if (f.sessionType) q.where('session_type', f.sessionType);
    if (table === 'sessions') {
      if (f.result) q.where('result', f.result);
      if (f.terminalReason === 'unexpected') q.where('interrupted', true);
      else if (f.terminalReason) q.where('terminal_reason', f.terminalReason);
    }
    return q;
  }

  /** A page in time order (newest first), after the cursor's (started_at, id). */
  page(f: PlayFilter, limit: number, after?: { startedAt: Date; id: string }): Promise<SessionRow[]> {
    const q = this.scoped(this.d.db('playback_sessions').select('*'), f, 'sessions').where('started_at', '>=', f.from).where('started_at', '<', f.to);
    if (after) q.whereRaw('(started_at, id) < (?, ?)', [after.startedAt, after.id]);
    return q
      .orderBy([
        { column: 'started_at', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(limit);
  }

  /**
   * Oldest first, for the export: keyset after (started_at, id). Times and durations come as
   * numbers and the rest as text, which is far cheaper to parse than dates and bigints. Session
   * times are written from JavaScript dates, so milliseconds are exact keys.
   */
  exportPage(f: PlayFilter, limit: number, after?: { startedMs: number; id: string }): Promise<ExportRow[]> {
    const ms = (column: string) => this.d.db.raw(`(extract(epoch FROM ${column}) * 1000)::float8 AS "${camel(column)}"`);
    const q = this.scoped(
      this.d.db('playback_sessions').select(...EXPORTED, ms('started_at'), ms('ended_at'), this.d.db.raw('duration_ms::float8, expected_duration_ms::float8')),
      f,
      'sessions',
    )
      .where('started_at', '>=', f.from)
      .where('started_at', '<', f.to);
    if (after) q.whereRaw('(started_at, id) > (?, ?)', [new Date(after.startedMs), after.id]);
    return q.orderBy([{ column: 'started_at' }, { column: 'id' }]).limit(limit);
  }

  /**
   * Totals per group. Filters on result or terminal reason are not in the rollup, so such a summary
   * reads sessions for the whole range.
   */
  async summary(f: PlayFilter, groupBy: GroupBy, mark: Date | null): Promise<SummaryRow[]> {
    const key = GROUP_BY[groupBy];
    const grain = grainFor(f, key);
    const live = f.result || f.terminalReason;
    const spans = live
      ? { days: [], hours: [], live: [[f.from.getTime(), f.to.getTime()] as Span] }
      : planSpans(f.from.getTime(), f.to.getTime(), mark?.getTime() ?? null);
    const parts: Knex.QueryBuilder[] = [];
    const db = this.d.db;
    const rolled = (hours: number, [a, b]: Span) =>
      this.scoped(
        db('playback_rollup').select(
          db.raw(`${keyOf(groupBy, 'bucket')} AS key`),
          db.raw('sessions, completed, partial, skipped, failed, unknown, interrupted, duration_ms'),
        ),
        f,
        'rollup',
      )
        .where('grain', grain)
        .where('hours', hours)
        .where('bucket', '>=', new Date(a))
        .where('bucket', '<', new Date(b));
    for (const span of spans.days) parts.push(rolled(24, span));
    for (const span of spans.hours) parts.push(rolled(1, span));
    for (const [a, b] of spans.live) {
      parts.push(
        this.scoped(
          db('playback_sessions').select(
            db.raw(`${keyOf(groupBy, 'started_at')} AS key`),
            db.raw(`1 AS sessions, (result = 'completed')::int AS completed, (result = 'partial')::int AS partial, (result = 'skipped')::int AS skipped,
              (result = 'failed')::int AS failed, (result = 'unknown')::int AS unknown, interrupted::int AS interrupted, coalesce(duration_ms, 0) AS duration_ms`),
          ),
          f,
          'sessions',
        )
          .where('started_at', '>=', new Date(a))
          .where('started_at', '<', new Date(b)),
      );
    }
    if (!parts.length) return [];
    const union = parts.slice(1).reduce((q, p) => q.unionAll(p, true), parts[0]!.clone());
    const rows = await db
      .select(db.raw(`key, ${SUMS}`))
      .from(union.as('u'))
      .groupBy('key')
      .orderBy('durationMs', 'desc');
    return rows.map((r: SummaryRow & { durationMs: string | number }) => ({ ...r, durationMs: Number(r.durationMs) }));
  }
}
