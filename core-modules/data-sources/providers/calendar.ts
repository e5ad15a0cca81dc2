import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { canonicalTimeZone } from '../../../kernel/time-zone.js';
import type { CalendarEvent } from './calendar-events.js';
import type { DataDocument, DocumentValue } from './document.js';
import { SourceParseError } from './feeds.js';
import { calendarConfiguration } from './player-configurations.js';
import { type DataSourceProvider, SourceFailure } from './provider.js';
import { MAX_REFRESH_SECONDS, MIN_REFRESH_SECONDS } from './structured.js';

const MAX_CALENDARS = 8;
/** How far ahead occurrences are expanded, and how far back (an event that began yesterday may still run). */
const WINDOW_DAYS = 90;
const LOOKBACK_MS = 24 * 3600_000;
/** Occurrences kept in the document, soonest first: what players choose "now and next" from offline. */
export const MAX_DOCUMENT_EVENTS = 500;

const Opt = Type.Optional;
export const CalendarConfig = Type.Object({
  calendars: Type.Array(
    Type.Object({
      name: Type.String({ minLength: 1, maxLength: 120, description: 'Unique in the source; events carry it, and `filterCalendars` names it.' }),
      url: Type.String({ minLength: 1, maxLength: 2048, description: 'An iCalendar (.ics) address: https (http only where allowed).' }),
    }),
    { minItems: 1, maxItems: MAX_CALENDARS },
  ),
  displayMode: Opt(Type.Union([Type.Literal('today'), Type.Literal('upcoming'), Type.Literal('this_week'), Type.Literal('agenda')], { default: 'upcoming' })),
  maxEvents: Opt(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'How many events a screen shows at once.' })),
  fields: Opt(
    Type.Object(
      {
        title: Type.Boolean({ default: true }),
        startTime: Type.Boolean({ default: true }),
        endTime: Type.Boolean({ default: false }),
        date: Type.Boolean({ default: true }),
        location: Type.Boolean({ default: false }),
        descriptionExcerpt: Type.Boolean({ default: false }),
      },
      { default: {} },
    ),
  ),
  filterKeyword: Opt(Type.String({ maxLength: 120, default: '' })),
  filterCalendars: Opt(Type.Array(Type.String({ maxLength: 120 }), { maxItems: MAX_CALENDARS, default: [] })),
  timezone: Opt(
    Type.String({ maxLength: 64, default: 'UTC', description: 'IANA zone of floating times and all-day events; recurrences follow its DST rules.' }),
  ),
  refreshIntervalSeconds: Opt(Type.Integer({ minimum: MIN_REFRESH_SECONDS, maximum: MAX_REFRESH_SECONDS, default: 900 })),
  stalenessLimitHours: Opt(Type.Integer({ minimum: 1, maximum: 2160, default: 168 })),
  emptyState: Opt(Type.String({ maxLength: 240, default: 'No events scheduled' })),
});

export interface CalendarSettings {
  calendars: { name: string; url: string }[];
  displayMode: string;
  maxEvents: number;
  fields: Record<string, boolean>;
  filterKeyword: string;
  filterCalendars: string[];
  timezone: string;
  refreshIntervalSeconds: number;
  stalenessLimitHours: number;
  emptyState: string;
}

function problem(c: CalendarSettings): string | undefined {
  const names = new Set(c.calendars.map((f) => f.name.trim().toLowerCase()));
  if (names.size !== c.calendars.length || names.has('')) return 'Calendar names must be unique and not blank.';
  const unknown = c.filterCalendars.find((n) => !names.has(n.trim().toLowerCase()));
  if (unknown !== undefined) return `The filter names a calendar this source does not have: “${unknown}”.`;
  if (!canonicalTimeZone(c.timezone)) return `${c.timezone} is not an IANA time zone.`;
  return undefined;
}

/** The events a screen may show: of the chosen calendars, matching the keyword. Pure. */
export function filterEvents(events: (CalendarEvent & { calendar: string })[], c: CalendarSettings) {
  const keyword = c.filterKeyword.trim().toLowerCase();
  const calendars = new Set(c.filterCalendars.map((n) => n.trim().toLowerCase()));
  return events.filter(
    (e) =>
      (!calendars.size || calendars.has(e.calendar.toLowerCase())) && (!keyword || `${e.title} ${e.location} ${e.description}`.toLowerCase().includes(keyword)),
  );
}

const FIELDS = [
  { key: 'title', label: 'Title', type: 'text' },
  { key: 'start', label: 'Start', type: 'datetime' },
  { key: 'end', label: 'End', type: 'datetime' },
  { key: 'allDay', label: 'All day', type: 'boolean' },
  { key: 'location', label: 'Location', type: 'text' },
  { key: 'description', label: 'Description', type: 'text' },
  { key: 'calendar', label: 'Calendar', type: 'text' },
] as const;

/** An occurrence's id: the same event, calendar and start give the same id on every read. */
const eventId = (calendar: string, e: CalendarEvent) => createHash('sha256').update(`${calendar}\u0000${e.id}\u0000${e.start}`).digest('hex').slice(0, 24);

function eventValues(e: CalendarEvent & { calendar: string }): Record<string, DocumentValue> {
  const values: Record<string, DocumentValue> = {
    title: { kind: 'text', text: e.title },
    start: { kind: 'datetime', datetime: e.start },
    end: { kind: 'datetime', datetime: e.end },
    allDay: { kind: 'boolean', boolean: e.allDay },
    calendar: { kind: 'text', text: e.calendar },
  };
  if (e.location) values.location = { kind: 'text', text: e.location };
  if (e.description) values.description = { kind: 'text', text: e.description };
  return values;
}

/**
 * Up to eight public iCalendar feeds as one list of events: recurrences expanded over the next 90
 * days in the source's zone. Any calendar that cannot be read fails the refresh (the last good
 * events stay, and diagnostics name it) rather than dropping its events from screens unannounced.
 */
export const calendarProvider: DataSourceProvider<CalendarSettings> = {
  name: 'calendar',
  label: 'Calendar',
  description: 'Public iCalendar feeds as one list of upcoming events.',
  shape: { temporal: true },
  configuration: CalendarConfig,
  problem,
  complete: (c) => ({ ...c, timezone: canonicalTimeZone(c.timezone)! }),
  urls: (c) => c.calendars.map((f) => f.url),
  playerConfiguration: (c, document, failing) => calendarConfiguration(c as unknown as Record<string, unknown>, document, failing),
  refreshSeconds: (c) => c.refreshIntervalSeconds,
  async produce(c, ctx): Promise<DataDocument> {
    const now = ctx.now.getTime();
    const window = { timeZone: c.timezone, from: now - LOOKBACK_MS, to: now + WINDOW_DAYS * 86_400_000, maxEvents: MAX_DOCUMENT_EVENTS };
    const all: (CalendarEvent & { calendar: string })[] = [];
    for (const feed of c.calendars) {
      let body: string;
      try {
        body = await ctx.fetchText(feed.url, 'text/calendar, text/plain;q=0.5');
      } catch (err) {
        if (err instanceof SourceFailure) throw new SourceFailure(err.code, `${feed.name}: ${err.message}`);
        throw err;
      }
      try {
        all.push(...(await ctx.parse({ kind: 'calendar', body, window })).map((e) => ({ ...e, calendar: feed.name })));
      } catch (err) {
        if (err instanceof SourceParseError) throw new SourceFailure('parse_failed', `${feed.name}: ${err.message}`);
        throw err;
      }
    }
    const events = filterEvents(all, c)
      .sort((a, b) => a.start.localeCompare(b.start))
      .slice(0, MAX_DOCUMENT_EVENTS);
    return {
      schemaVersion: 1,
      datasets: [
        {
          id: 'events',
          kind: 'records',
          fields: FIELDS.map((f) => ({ ...f })),
          records: events.map((e) => ({ id: eventId(e.calendar, e), values: eventValues(e) })),
          cache: {
            cachedAt: ctx.now.toISOString(),
            staleAt: new Date(now + c.stalenessLimitHours * 3600_000).toISOString(),
            usingCachedData: false,
            unavailable: false,
          },
        },
      ],
    };
  },
};
