import { CloneType, Type, type Static } from '@sinclair/typebox';
import { invalidInput } from '../../kernel/errors.js';
import { canonicalTimeZone } from '../../kernel/time-zone.js';
import { SESSION_TYPES, TERMINAL_REASONS } from './event-contract.js';
import type { ActivityBaseDeps } from './activity-base-deps.js';
import { GROUP_BY, type GroupBy, type PlayFilter, type SessionRow } from './proof-of-play.repository.js';
import { Uuid, Stamp } from '../../kernel/http/wire.js';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 400;
const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** The filters every proof-of-play read takes. */
export const PlayQueryFields = {
  from: Type.Optional(CloneType(Stamp, { description: 'Sessions that started at or after; default 24 hours before `to`.' })),
  to: Type.Optional(CloneType(Stamp, { description: 'Sessions that started before; default now. At most 400 days after `from`.' })),
  screen: Type.Optional(Uuid),
  group: Type.Optional(Type.String({ format: 'uuid', description: 'Screens now in this sync group.' })),
  location: Type.Optional(Type.String({ format: 'uuid', description: 'Where the screen was when it played.' })),
  asset: Type.Optional(Type.String({ format: 'uuid', description: 'Sessions of this library item (content id).' })),
  playlist: Type.Optional(Type.String({ format: 'uuid', description: 'Sessions inside this playlist (presentation id).' })),
  sessionType: Type.Optional(literals(SESSION_TYPES)),
  result: Type.Optional(literals(['playing', 'completed', 'partial', 'skipped', 'failed', 'unknown', 'recovered'])),
  terminalReason: Type.Optional(literals([...TERMINAL_REASONS, 'unexpected'])),
};
export const ListQuery = Type.Object({
  ...PlayQueryFields,
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, default: 50 })),
});
export const SummaryQuery = Type.Object({ ...PlayQueryFields, groupBy: Type.Optional(literals(Object.keys(GROUP_BY))) });
export const ExportQuery = Type.Object({
  ...PlayQueryFields,
  tz: Type.Optional(Type.String({ maxLength: 64, description: 'IANA time zone the times and `local_date` are written in (default UTC).' })),
  date: Type.Optional(Type.String({ format: 'date', description: 'One local day in `tz`, instead of from/to.' })),
});
export type PlayQuery = Static<typeof SummaryQuery> & { from?: string; to?: string };

export const SessionSchema = Type.Object({
  id: Uuid,
  screenId: Uuid,
  screenName: Type.Union([Type.String(), Type.Null()]),
  locationId: Type.Union([Uuid, Type.Null()]),
  activitySessionId: Type.String(),
  parentActivitySessionId: Type.Union([Type.String(), Type.Null()]),
  sessionType: Type.String(),
  startedAt: Stamp,
  endedAt: Type.Union([Stamp, Type.Null()]),
  durationMs: Type.Union([Type.Integer(), Type.Null()]),
  expectedDurationMs: Type.Union([Type.Integer(), Type.Null()]),
  result: Type.String(),
  terminalReason: Type.Union([Type.String(), Type.Null()]),
  interrupted: Type.Boolean(),
  failureCode: Type.Union([Type.String(), Type.Null()]),
  presentationType: Type.Union([Type.String(), Type.Null()]),
  presentationId: Type.Union([Type.String(), Type.Null()]),
  presentationRevision: Type.Union([Type.String(), Type.Null()]),
  contentType: Type.Union([Type.String(), Type.Null()]),
  contentId: Type.Union([Type.String(), Type.Null()]),
  playlistItemId: Type.Union([Type.String(), Type.Null()]),
  layoutPlacementId: Type.Union([Type.String(), Type.Null()]),
  scheduleId: Type.Union([Type.String(), Type.Null()]),
  takeoverId: Type.Union([Type.String(), Type.Null()]),
  trigger: Type.Union([Type.String(), Type.Null()]),
  manifestVersion: Type.Union([Type.Integer(), Type.Null()]),
  synthesizedStart: Type.Boolean({ description: 'Only the end was reported; the start is its end less its duration.' }),
});

const Counts = {
  sessions: Type.Integer(),
  completed: Type.Integer(),
  partial: Type.Integer(),
  skipped: Type.Integer(),
  failed: Type.Integer(),
  unknown: Type.Integer(),
  interrupted: Type.Integer({ description: 'Ended by a player restart, exit, gap, renderer or decoder failure, recovery or timeout.' }),
  durationMs: Type.Integer(),
  completionRate: Type.Union([Type.Number(), Type.Null()], { description: 'completed / sessions; null when there are none.' }),
};
export const SummarySchema = Type.Object({
  from: Stamp,
  to: Stamp,
  groupBy: Type.String(),
  totals: Type.Object({
    presentation: Type.Object(Counts, { description: 'Root sessions: the screens’ playback wall clock.' }),
    content: Type.Object(Counts, { description: 'Child sessions (content, playlist items, layout placements): exposure, which may exceed wall clock.' }),
  }),
  rows: Type.Array(Type.Object({ key: Type.Union([Type.String(), Type.Null()]), label: Type.Union([Type.String(), Type.Null()]), ...Counts })),
});

type Deps = Pick<ActivityBaseDeps, 'proofOfPlayRepository' | 'playbackRollup' | 'screensService' | 'screenTargets' | 'mediaLibrary'>;

const num = (v: string | null) => (v === null ? null : Number(v));
const rate = (c: { completed: number; sessions: number }) => (c.sessions ? Math.round((c.completed / c.sessions) * 10_000) / 10_000 : null);
const encodeCursor = (r: SessionRow) => Buffer.from(`${r.started_at.toISOString()}|${r.id}`).toString('base64url');

/** Proof of play for the console: sessions, summaries and the export's filters. */
export class ProofOfPlayService {
  constructor(private readonly d: Deps) {}

  /** The filter a query asks for; 422 on a range that is backwards or too long. */
  async filter(q: PlayQuery, range?: { from: Date; to: Date }): Promise<PlayFilter> {
    const to = range?.to ?? (q.to ? new Date(q.to) : new Date());
    const from = range?.from ?? (q.from ? new Date(q.from) : new Date(to.getTime() - DAY_MS));
    if (from >= to) throw invalidInput('invalid_range', '`from` must be before `to`.', 'query/from');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS)
      throw invalidInput('invalid_range', `A range covers at most ${MAX_RANGE_DAYS} days.`, 'query/to');
    let screenIds: string[] | undefined = q.screen ? [q.screen] : undefined;
    if (q.group) {
      const inGroup = await this.d.screenTargets.screensOf({ targetScope: 'sync_groups', targetIds: [q.group] });
      screenIds = screenIds ? screenIds.filter((id) => inGroup.includes(id)) : inGroup;
    }
    return {
      from,
      to,
      screenIds,
      locationId: q.location,
      assetId: q.asset,
      playlistId: q.playlist,
      sessionType: q.sessionType,
      result: q.result,
      terminalReason: q.terminalReason,
    };
  }

  async list(q: Static<typeof ListQuery>) {
    const f = await this.filter(q);
    const limit = q.limit ?? 50;
    const rows = await this.d.proofOfPlayRepository.page(f, limit + 1, q.cursor ? decodeCursor(q.cursor) : undefined);
    const page = rows.slice(0, limit);
    const names = await this.d.screensService.namesOf([...new Set(page.map((r) => r.screen_id))]);
    return { items: page.map((r) => sessionView(r, names.get(r.screen_id) ?? null)), nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null };
  }

  async summary(q: Static<typeof SummaryQuery>) {
    const f = await this.filter(q);
    const groupBy = (q.groupBy ?? 'screen') as GroupBy;
    const mark = await this.d.playbackRollup.mark();
    const [rows, byType] = await Promise.all([
      this.d.proofOfPlayRepository.summary(f, groupBy, mark),
      this.d.proofOfPlayRepository.summary(f, 'sessionType', mark),
    ]);
    const empty = { sessions: 0, completed: 0, partial: 0, skipped: 0, failed: 0, unknown: 0, interrupted: 0, durationMs: 0 };
    const totals = { presentation: { ...empty }, content: { ...empty } };
    for (const r of byType) {
      const into = r.key === 'presentation' ? totals.presentation : totals.content;
      for (const k of Object.keys(empty) as (keyof typeof empty)[]) into[k] += r[k];
    }
    const labels = await this.labels(
      groupBy,
      rows.map((r) => r.key).filter((k): k is string => !!k),
    );
    return {
      from: f.from.toISOString(),
      to: f.to.toISOString(),
      groupBy,
      totals: {
        presentation: { ...totals.presentation, completionRate: rate(totals.presentation) },
        content: { ...totals.content, completionRate: rate(totals.content) },
      },
      rows: rows.map((r) => ({ ...r, label: (r.key && labels.get(r.key)) ?? null, completionRate: rate(r) })),
    };
  }

  /** The export's range: from/to, or one local day of `tz`. */
  async exportFilter(q: Static<typeof ExportQuery>): Promise<{ filter: PlayFilter; tz: string }> {
    const tz = q.tz === undefined ? 'UTC' : canonicalTimeZone(q.tz);
    if (!tz) throw invalidInput('invalid_timezone', 'Use an IANA time zone such as Europe/Berlin.', 'query/tz');
    const range = q.date ? localDay(q.date, tz) : undefined;
    return { filter: await this.filter(q, range), tz };
  }

  private async labels(groupBy: GroupBy, keys: string[]): Promise<Map<string, string>> {
    const uuids = keys.filter((k) => /^[0-9a-f-]{36}$/i.test(k));
    if (groupBy === 'screen') return this.d.screensService.namesOf(uuids);
    if (groupBy === 'content') return new Map([...(await this.d.mediaLibrary.summaries(uuids)).values()].map((a) => [a.id, a.name]));
    return new Map();
  }
}

function decodeCursor(cursor: string): { startedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const startedAt = new Date(at ?? '');
  if (Number.isNaN(startedAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? ''))
    throw invalidInput('invalid_cursor', 'The cursor is not one this server gave.', 'query/cursor');
  return { startedAt, id: id! };
}

/** Offset of `tz` from UTC at `ms`, in minutes. */
export function offsetMinutes(tz: string, ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

/** [start, end) of a calendar day in `tz`. */
export function localDay(date: string, tz: string): { from: Date; to: Date } {
  const at = (day: string) => {
    const guess = Date.parse(`${day}T00:00:00Z`);
    // Midnight local is midnight UTC less the offset there; a second pass settles DST edges.
    let ms = guess - offsetMinutes(tz, guess) * 60_000;
    ms = guess - offsetMinutes(tz, ms) * 60_000;
    return new Date(ms);
  };
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return { from: at(date), to: at(next) };
}

export function sessionView(r: SessionRow, screenName: string | null) {
  return {
    id: r.id,
    screenId: r.screen_id,
    screenName,
    locationId: r.location_id,
    activitySessionId: r.activity_session_id,
    parentActivitySessionId: r.parent_activity_session_id,
    sessionType: r.session_type,
    startedAt: r.started_at.toISOString(),
    endedAt: r.ended_at?.toISOString() ?? null,
    durationMs: num(r.duration_ms),
    expectedDurationMs: num(r.expected_duration_ms),
    result: r.result,
    terminalReason: r.terminal_reason,
    interrupted: r.interrupted,
    failureCode: r.failure_code,
    presentationType: r.presentation_type,
    presentationId: r.presentation_id,
    presentationRevision: r.presentation_revision,
    contentType: r.content_type,
    contentId: r.content_id,
    playlistItemId: r.playlist_item_id,
    layoutPlacementId: r.layout_placement_id,
    scheduleId: r.schedule_id,
    takeoverId: r.takeover_id,
    trigger: r.trigger,
    manifestVersion: num(r.manifest_version),
    synthesizedStart: r.synthesized_start,
  };
}
