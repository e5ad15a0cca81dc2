import { Readable } from 'node:stream';
import { CloneType, Type } from '@sinclair/typebox';
import type { PlayerPrincipal } from '../../kernel/auth/principal.js';
import { routeFor } from '../../kernel/plugin.js';
import type { ActivityDeps } from './activity-deps.js';
import { ActivityBatchSchema } from './player-event.js';
import { EXPORT_COLUMNS, proofOfPlayCsv } from './proof-of-play-export.js';
import { ExportQuery, ListQuery, SessionSchema, SummaryQuery, SummarySchema } from './proof-of-play.service.js';
import { TelemetryRollupSchema, TelemetrySampleSchema } from './telemetry.js';
import { TimelineQuery, TimelineSchema } from './screen-timeline.js';
import { Uuid, Stamp } from '../../kernel/http/wire.js';

const route = routeFor<ActivityDeps>();
const screenOf = (p: unknown) => (p as PlayerPrincipal).screenId;
const ScreenParams = Type.Object({ screenId: Uuid });
const Range = {
  from: Type.Optional(CloneType(Stamp, { description: 'Default 24 hours before `to`.' })),
  to: Type.Optional(CloneType(Stamp, { description: 'Default now.' })),
};

export const playerActivityRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/player/activity-events',
    operationId: 'playerActivityEvents',
    summary: 'Upload a batch of activity events (proof of play, screen events)',
    description:
      'Contract version 2 (version 1 names accepted). Each event is checked on its own: a bad one is listed in `rejected` and acknowledged ' +
      '(sending it again cannot succeed), the others are stored. Idempotent by event id and by per-screen sequence: a repeat counts in ' +
      '`duplicates`. The screen is the credential’s; a `screenId` in an event is ignored. Unknown fields are ignored. `occurredAt` is the ' +
      'player’s clock: it is moved onto the server’s by the screen’s deviceClockOffsetSeconds when that is 5 s to 24 h (the time as sent is ' +
      'kept in the event’s details as reportedOccurredAt, with clockOffsetSeconds), then must be within the last 370 days and at most 15 ' +
      'minutes ahead; a refusal for a clock further off says so.',
    tags: ['player'],
    auth: { kind: 'player' },
    body: ActivityBatchSchema,
    errors: { 413: '`payload_too_large`.' },
    response: {
      status: 202,
      schema: Type.Object({
        accepted: Type.Integer(),
        duplicates: Type.Integer(),
        highestSequence: Type.Integer(),
        acknowledgedEventIds: Type.Array(Type.String()),
        rejected: Type.Array(Type.Object({ index: Type.Integer(), id: Type.Union([Type.String(), Type.Null()]), message: Type.String() })),
      }),
    },
    handler: ({ deps, principal, body }) => deps.activityIngestService.ingest(screenOf(principal), body.events),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player/telemetry',
    operationId: 'playerTelemetry',
    summary: 'Upload one telemetry sample (gauges and the last interval’s counters)',
    description:
      'Summed into the five-minute rollup of its time and kept as the screen’s latest sample unless a later one is already kept (a sample ' +
      'sent late replaces nothing); raw samples are not stored. Its time is put on the server’s clock as activity events’ are.',
    tags: ['player'],
    auth: { kind: 'player' },
    body: TelemetrySampleSchema,
    errors: { 422: '`validation_failed`, or `telemetry_out_of_window` when observedAt, on the server’s clock, is not within the last 24 hours.' },
    response: { status: 202, schema: Type.Object({ accepted: Type.Literal(true) }) },
    handler: async ({ deps, principal, body }) => {
      await deps.telemetryService.record(screenOf(principal), body);
      return { accepted: true as const };
    },
  }),
];

export const consoleActivityRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/activity/proof-of-play',
    operationId: 'listProofOfPlay',
    summary: 'Playback sessions the players confirmed, newest first',
    description: 'Root `presentation` sessions are the screens’ wall clock; the others are content exposure. Pages with `cursor` (from `nextCursor`).',
    tags: ['activity'],
    auth: { kind: 'console', access: 'managers' },
    query: ListQuery,
    errors: { 422: '`validation_failed`, `invalid_range`, `invalid_cursor`.' },
    response: {
      status: 200,
      schema: Type.Object({ items: Type.Array(SessionSchema), nextCursor: Type.Optional(Type.String({ description: 'Absent on the last page.' })) }),
    },
    handler: ({ deps, query }) => deps.proofOfPlayService.list(query),
  }),
  route({
    method: 'GET',
    path: '/api/v1/activity/proof-of-play/summary',
    operationId: 'summarizeProofOfPlay',
    summary: 'Proof of play totalled by screen, location, content, presentation or session type',
    description:
      'Root and child sessions are totalled separately; `completionRate` is completed sessions over sessions, not scheduled coverage. Read ' +
      'from hourly and daily rollups (kept a few minutes behind) plus the sessions after them; a `result` or `terminalReason` filter reads sessions only.',
    tags: ['activity'],
    auth: { kind: 'console', access: 'managers' },
    query: SummaryQuery,
    errors: { 422: '`validation_failed`, `invalid_range`.' },
    response: { status: 200, schema: SummarySchema },
    handler: ({ deps, query }) => deps.proofOfPlayService.summary(query),
  }),
  route({
    method: 'GET',
    path: '/api/v1/activity/proof-of-play/export.csv',
    operationId: 'exportProofOfPlay',
    summary: 'Proof of play as CSV, oldest first',
    description:
      `Streams an attachment \`signage-proof-of-play-<start>.csv\` with the columns \`${EXPORT_COLUMNS.join(',')}\`. Times are written in \`tz\` ` +
      'with their offset; `date` selects one local day of `tz`. Texts are defused against spreadsheet formulas. A download cut short by a ' +
      'server failure ends without its final chunk.',
    tags: ['activity'],
    auth: { kind: 'console', access: 'managers' },
    query: ExportQuery,
    errors: { 422: '`validation_failed`, `invalid_range`, `invalid_timezone`.' },
    response: {
      status: 200,
      contentType: 'text/csv',
      description: 'The CSV file.',
      headers: { 'Content-Disposition': 'attachment; filename="signage-proof-of-play-<date>.csv"', 'Cache-Control': 'no-store' },
    },
    handler: async ({ deps, query, ctx }) => {
      const closed = new AbortController();
      ctx.res.once('close', () => closed.abort());
      const { filter, tz } = await deps.proofOfPlayService.exportFilter(query);
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="signage-proof-of-play-${query.date ?? filter.from.toISOString().slice(0, 10)}.csv"`);
      ctx.set('Cache-Control', 'no-store');
      // Byte mode: the stream asks for the next page only once the last one is on its way out.
      ctx.body = Readable.from(proofOfPlayCsv(deps, filter, tz, closed.signal), { objectMode: false });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/activity/screens/{screenId}/timeline',
    operationId: 'screenActivityTimeline',
    summary: 'One screen’s reported events and playback sessions over a range, newest first',
    tags: ['activity'],
    auth: { kind: 'console', access: 'administrators' },
    params: ScreenParams,
    query: TimelineQuery,
    errors: { 404: '`screen_not_found`.', 422: '`validation_failed`, `invalid_range`.' },
    response: { status: 200, schema: TimelineSchema },
    handler: ({ deps, params, query }) => deps.screenTimeline.read(params.screenId, query),
  }),
  route({
    method: 'GET',
    path: '/api/v1/activity/screens/{screenId}/telemetry',
    operationId: 'screenTelemetry',
    summary: 'One screen’s latest telemetry sample and five-minute rollups',
    description: '`snapshot` is absent when the player never reported, which differs from reporting zeroes.',
    tags: ['activity'],
    auth: { kind: 'console', access: 'administrators' },
    params: ScreenParams,
    query: Type.Object(Range),
    errors: { 404: '`screen_not_found`.', 422: '`validation_failed`, `invalid_range`.' },
    response: {
      status: 200,
      schema: Type.Object({
        screenId: Uuid,
        from: Stamp,
        to: Stamp,
        snapshot: Type.Optional(
          Type.Object({
            observedAt: CloneType(Stamp, { description: 'On the server’s clock (the player’s own is the sample’s observedAt).' }),
            receivedAt: Stamp,
            sample: Type.Record(Type.String(), Type.Unknown()),
          }),
        ),
        rollups: Type.Array(TelemetryRollupSchema),
      }),
    },
    handler: async ({ deps, params, query }) => {
      await deps.screensService.get(params.screenId);
      const { from, to } = await deps.proofOfPlayService.filter(query);
      return deps.telemetryService.read(params.screenId, from, to);
    },
  }),
];
