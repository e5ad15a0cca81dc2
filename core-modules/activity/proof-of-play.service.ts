import { CloneType, Type, type Static, type TSchema } from '@sinclair/typebox';
import { invalidInput } from '../../kernel/errors.js';
import { canonicalTimeZone } from '../../kernel/time-zone.js';
import { SESSION_TYPES, TERMINAL_REASONS } from './event-contract.js';
import type { ActivityBaseDeps } from './activity-base-deps.js';
import { CHILD_SESSIONS, GROUP_BY, type GroupBy, type PlayFilter, type SessionRow } from './proof-of-play.repository.js';
import { Uuid, Stamp, present } from '../../kernel/http/wire.js';

const DAY_MS = 86_400_000;
const MAX_RANGE_DAYS = 400;
const literals = (values: readonly string[], description?: string) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    description ? { description } : {},
  );

/** The filters every proof-of-play read takes. */
export const PlayQueryFields = {
  from: Type.Optional(CloneType(Stamp, { description: 'Sessions that started at or after; default 24 hours before `to`.' })),
  to: Type.Optional(CloneType(Stamp, { description: 'Sessions that started before; default now. At most 400 days after `from`.' })),
  screen: Type.Optional(Uuid),
  group: Type.Optional(Type.String({ format: 'uuid', description: 'Screens now in this sync group.' })),
  location: Type.Optional(Type.String({ format: 'uuid', description: 'Where the screen was when it played.' })),
  asset: Type.Optional(Type.String({ format: 'uuid', description: 'Sessions of this library item (content id).' })),
  playlist: Type.Optional(Type.String({ format: 'uuid', description: 'Sessions inside this playlist (presentation id).' })),
  sessionType: Type.Optional(
    literals([...SESSION_TYPES, CHILD_SESSIONS], '`child`: every session but the root presentations (content, playlist items, layout placements).'),
  ),
  result: Type.Optional(literals(['playing', 'completed', 'partial', 'skipped', 'failed', 'unknown', 'recovered'])),
  terminalReason: Type.Optional(literals([...TERMINAL_REASONS, 'unexpected'])),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Sessions on screens whose name contains this (any case).' })),
};
export const ListQuery = Type.Object({
  ...PlayQueryFields,
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, default: 50 })),
});
export const SummaryQuery = Type.Object({
  ...PlayQueryFields,
  groupBy: Type.Optional(literals(Object.keys(GROUP_BY), '`day` totals each UTC day, keyed `YYYY-MM-DD`, for a chart over the range.')),
  dimension: Type.Optional(
    Type.String({ maxLength: 32, description: 'As the reference’s console names `groupBy`; a dimension this server does not group by reads as `screen`.' }),
  ),
});
export const ExportQuery = Type.Object({
  ...PlayQueryFields,
  tz: Type.Optional(Type.String({ maxLength: 64, description: 'IANA time zone the times and `local_date` are written in (default UTC).' })),
  date: Type.Optional(Type.String({ format: 'date', description: 'One local day in `tz`, instead of from/to.' })),
});
export type PlayQuery = Static<typeof SummaryQuery> & { from?: string; to?: string };

/** Absent, not null, when unknown: the reference's console types these `string | undefined`. */
const Maybe = <T extends TSchema>(t: T) => Type.Optional(t);

export const SessionSchema = Type.Object({
  id: Uuid,
  screenId: Uuid,
  screenName: Type.String(),
  locationId: Maybe(Uuid),
  activitySessionId: Type.String(),
  parentActivitySessionId: Maybe(Type.String()),
  sessionType: Type.String(),
  startedAt: Stamp,
  endedAt: Maybe(Stamp),
  durationMs: Maybe(Type.Integer()),
  actualDurationMs: Maybe(Type.Integer({ description: '`durationMs` under the reference console’s name.' })),
  expectedDurationMs: Maybe(Type.Integer()),
  result: Type.String(),
  terminalReason: Maybe(Type.String()),
  interrupted: Type.Boolean(),
  failureCode: Maybe(Type.String()),
  presentationType: Maybe(Type.String()),
  presentationId: Maybe(Type.String()),
  presentationRevision: Maybe(Type.String()),
  contentType: Maybe(Type.String()),
  contentId: Maybe(Type.String()),
  playlistItemId: Maybe(Type.String()),
  layoutPlacementId: Maybe(Type.String()),
  scheduleId: Maybe(Type.String()),
  takeoverId: Maybe(Type.String()),
  trigger: Maybe(Type.String()),
  manifestVersion: Maybe(Type.Integer()),
  synthesizedStart: Type.Boolean({ description: 'Only the end was reported; the start is its end less its duration.' }),
  details: Type.Object({}, { description: 'Diagnostic details kept with the session: none today (they stay with the events).' }),
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
  dimension: Type.String({ description: '`groupBy`, as the reference’s console reads it.' }),
  items: Type.Array(
    Type.Object({
      key: Type.String(),
      label: Type.String(),
      confirmedScreenPlaybackMs: Type.Integer({ description: 'Root (presentation) sessions: the screens’ wall clock.' }),
      contentExposureMs: Type.Integer({ description: 'Child sessions; may exceed wall clock across zones.' }),
      records: Type.Integer(),
      completed: Type.Integer(),
      failures: Type.Integer(),
      partial: Type.Integer(),
      unknown: Type.Integer(),
      interrupted: Type.Integer(),
      sessionCompletionPercent: Type.Number({ description: 'Completed or partial sessions over all, in percent (0 with none).' }),
    }),
    { description: '`rows` as the reference’s console reads them.' },
  ),
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
    const narrow = (to: string[]) => {
      screenIds = screenIds ? screenIds.filter((id) => to.includes(id)) : to;
    };
    if (q.group) narrow(await this.d.screenTargets.screensOf({ targetScope: 'sync_groups', targetIds: [q.group] }));
    const search = q.search?.trim().toLowerCase();
    if (search) {
      const names = await this.d.screensService.namesOf(await this.d.screensService.ids());
      narrow([...names].filter(([, name]) => name.toLowerCase().includes(search)).map(([id]) => id));
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
    return {
      items: page.map((r) => sessionView(r, names.get(r.screen_id) ?? '')),
      ...(rows.length > limit && { nextCursor: encodeCursor(page.at(-1)!) }),
    };
  }

  async summary(q: Static<typeof SummaryQuery>) {
    const f = await this.filter(q);
    const dimension = q.dimension === undefined ? undefined : q.dimension in GROUP_BY ? q.dimension : 'screen';
    const groupBy = (q.groupBy ?? dimension ?? 'screen') as GroupBy;
    const mark = await this.d.playbackRollup.mark();
    // Root sessions apart: their time is the screens' wall clock, the others' is exposure.
    const roots = f.sessionType === undefined || f.sessionType === 'presentation';
    const [rows, byType, rootRows] = await Promise.all([
      this.d.proofOfPlayRepository.summary(f, groupBy, mark),
      this.d.proofOfPlayRepository.summary(f, 'sessionType', mark),
      roots ? this.d.proofOfPlayRepository.summary({ ...f, sessionType: 'presentation' }, groupBy, mark) : [],
    ]);
    const rootMs = new Map(rootRows.map((r) => [r.key, r.durationMs]));
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
      dimension: groupBy,
      items: rows.map((r) => ({
        key: r.key ?? '',
        label: (r.key && labels.get(r.key)) || (r.key ?? 'Unknown'),
        confirmedScreenPlaybackMs: rootMs.get(r.key) ?? 0,
        contentExposureMs: r.durationMs - (rootMs.get(r.key) ?? 0),
        records: r.sessions,
        completed: r.completed,
        failures: r.failed,
        partial: r.partial,
        unknown: r.unknown,
        interrupted: r.interrupted,
        sessionCompletionPercent: r.sessions ? Math.round(((r.completed + r.partial) / r.sessions) * 10_000) / 100 : 0,
      })),
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

export function sessionView(r: SessionRow, screenName: string) {
  const durationMs = num(r.duration_ms);
  return {
    id: r.id,
    screenId: r.screen_id,
    screenName,
    activitySessionId: r.activity_session_id,
    sessionType: r.session_type,
    startedAt: r.started_at.toISOString(),
    result: r.result,
    interrupted: r.interrupted,
    synthesizedStart: r.synthesized_start,
    details: {},
    ...present({
      locationId: r.location_id,
      parentActivitySessionId: r.parent_activity_session_id,
      endedAt: r.ended_at?.toISOString() ?? null,
      durationMs,
      actualDurationMs: durationMs,
      expectedDurationMs: num(r.expected_duration_ms),
      terminalReason: r.terminal_reason,
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
    }),
  };
}
