import { Readable } from 'node:stream';
import { Type, type TProperties } from '@sinclair/typebox';
import { routeFor } from '../../kernel/plugin.js';
import { RANGES, type RangeKey } from './history.service.js';
import type { NoiseMeterDeps } from './noise-meter-deps.js';
import { IdParams, Uuid, Stamp } from '../../kernel/http/wire.js';

const route = routeFor<NoiseMeterDeps>();
const base = '/api/v1/plugins/noise-meter/instances/{id}/history';
const tags = ['plugin: noise-meter'];

const RangeFields = {
  range: Type.Optional(
    Type.Union(
      (Object.keys(RANGES) as RangeKey[]).map((k) => Type.Literal(k)),
      { description: 'Whole days in `tz`: `today` (default), `yesterday`, the last `7d` or `30d` including today.' },
    ),
  ),
  tz: Type.Optional(
    Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_+/-]{0,63}$', description: "IANA time zone for day boundaries; default the meter's scheduleTimezone." }),
  ),
  screenId: Type.Optional(Type.String({ format: 'uuid', description: 'One screen the meter reaches; default all of them.' })),
};
const RangeQuery = Type.Object(RangeFields);
const ExportQuery = Type.Object({
  ...RangeFields,
  granularity: Type.Optional(
    Type.Union([Type.Literal('raw'), Type.Literal('minute'), Type.Literal('daily')], { description: 'Default raw (capped at 500,000 rows).' }),
  ),
});

const Instant = Stamp;
const Level = Type.Union([Type.Number(), Type.Null()], { description: 'Relative 0–100, weighted by monitored time; null without data.' });
const RangeView = Type.Object({ key: Type.String(), from: Instant, to: Instant });
const Totals: TProperties = { averageLevel: Level, peakLevel: Level, monitoredMs: Type.Number(), warningMs: Type.Number(), loudMs: Type.Number() };

const Summary = Type.Object({
  range: RangeView,
  buckets: Type.Integer(),
  ...Totals,
  normalMs: Type.Number(),
  warningEvents: Type.Number({ description: 'Times players entered the loud state.' }),
  longestLoudMs: Type.Number({ description: 'Loud time of the longest run of consecutive loud buckets on one screen.' }),
  loudestWindowAt: Type.Union([Instant, Type.Null()], { description: 'Start of the 15 minutes with the highest average level.' }),
  loudestWindowLevel: Level,
  firstAt: Type.Union([Instant, Type.Null()]),
  lastAt: Type.Union([Instant, Type.Null()]),
});
const Series = Type.Object({
  range: RangeView,
  resolution: Type.Union([Type.Literal('minute'), Type.Literal('fifteenMinutes'), Type.Literal('hour')]),
  points: Type.Array(Type.Object({ at: Instant, ...Totals, triggerCount: Type.Number() }), { description: 'Periods without data are absent, not zero.' }),
});
const Daily = Type.Object({
  range: RangeView,
  days: Type.Array(Type.Object({ date: Type.String({ format: 'date' }), ...Totals, warningEvents: Type.Number(), longestLoudMs: Type.Number() })),
});
const Screens = Type.Object({
  items: Type.Array(Type.Object({ screenId: Uuid, name: Type.String(), buckets: Type.Integer(), firstAt: Instant, lastAt: Instant })),
});

const errors = {
  404: '`plugin_instance_not_found`.',
  409: '`plugin_not_installed`.',
  422: '`validation_failed` (range, granularity, tz), `screen_not_reached` (screenId).',
};
const read = { auth: { kind: 'console', access: 'signedIn' }, tags, params: IdParams, errors } as const;

export const historyRoutes = [
  route({
    ...read,
    method: 'GET',
    path: `${base}/summary`,
    operationId: 'getNoiseMeterHistorySummary',
    summary: 'Noise history statistics for a range',
    query: RangeQuery,
    response: { status: 200, schema: Summary },
    handler: ({ deps, params, query }) => deps.historyService.summary(params.id, query),
  }),
  route({
    ...read,
    method: 'GET',
    path: `${base}/series`,
    operationId: 'getNoiseMeterHistorySeries',
    summary: 'Noise history over time (minutes for a day, 15 minutes for 7 days, hours for 30 days)',
    query: RangeQuery,
    response: { status: 200, schema: Series },
    handler: ({ deps, params, query }) => deps.historyService.series(params.id, query),
  }),
  route({
    ...read,
    method: 'GET',
    path: `${base}/daily`,
    operationId: 'getNoiseMeterHistoryDaily',
    summary: 'Noise history per day of the time zone',
    query: RangeQuery,
    response: { status: 200, schema: Daily },
    handler: ({ deps, params, query }) => deps.historyService.daily(params.id, query),
  }),
  route({
    ...read,
    method: 'GET',
    path: `${base}/screens`,
    operationId: 'listNoiseMeterHistoryScreens',
    summary: 'Screens with noise history in the range',
    query: RangeQuery,
    response: { status: 200, schema: Screens },
    handler: ({ deps, params, query }) => deps.historyService.screens(params.id, query),
  }),
  route({
    ...read,
    method: 'GET',
    path: `${base}/export.csv`,
    operationId: 'exportNoiseMeterHistory',
    summary: 'Noise history as CSV',
    description:
      'Streams an attachment `signage-noise-<name>-<range>-<granularity>.csv`. Timestamps are UTC; daily dates are days of `tz`. ' +
      'Columns: raw `timestamp,screen,average_level,peak_level,monitored_seconds,warning_seconds,loud_seconds,warning_events`; ' +
      'minute the same without `screen`; daily `date,average_level,peak_level,monitored_minutes,warning_minutes,loud_minutes,warning_events,longest_loud_seconds`. ' +
      'A download cut short by a server failure ends without its final chunk.',
    query: ExportQuery,
    response: { status: 200, contentType: 'text/csv', description: 'The CSV file.' },
    handler: async ({ deps, params, query, ctx }) => {
      const closed = new AbortController();
      ctx.res.once('close', () => closed.abort());
      const csv = await deps.historyExport.open(params.id, query, closed.signal);
      ctx.set('Content-Type', 'text/csv; charset=utf-8');
      ctx.set('Content-Disposition', `attachment; filename="${csv.filename}"`);
      ctx.set('Cache-Control', 'no-store');
      // Byte mode: the stream asks for the next page only once the last one is on its way out.
      ctx.body = Readable.from(csv.chunks, { objectMode: false });
    },
  }),
];
