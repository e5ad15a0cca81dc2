import ICAL from 'ical.js';
import { instantOf } from '../../../kernel/local-time.js';
import { canonicalTimeZone } from '../../../kernel/time-zone.js';
import { SourceParseError } from './feeds.js';
import { plainText } from './feed-items.js';

/** One occurrence of a calendar event, its times as instants (all-day events as dates). */
export interface CalendarEvent {
  /** The event's UID, and for a recurring one the occurrence's start: stable from one read to the next. */
  id: string;
  title: string;
  description: string;
  location: string;
  allDay: boolean;
  /** ISO 8601 instants; for an all-day event, midnight of its first and last-plus-one day in the source's zone. */
  start: string;
  end: string;
  /** YYYY-MM-DD of the first day, for all-day events. */
  date?: string;
}

export interface ExpandOptions {
  /** Where floating times (no zone, no Z) and all-day events are placed. */
  timeZone: string;
  from: number;
  to: number;
  maxEvents: number;
}

/** Occurrences looked at per event before giving up (a daily rule since 1990 is ~13,000). */
const MAX_STEPS = 20_000;
const DAY_MS = 86_400_000;

const wallOf = (t: ICAL.Time) => Date.UTC(t.year, t.month - 1, t.day, t.isDate ? 0 : t.hour, t.isDate ? 0 : t.minute, t.isDate ? 0 : t.second);

/**
 * The instant a time stands for. Recurrences are worked out in wall-clock time (as RFC 5545 says)
 * and placed in their zone here, with the runtime's zone rules: a weekly 09:00 stays at 09:00 across
 * a DST change. A TZID that is not an IANA name (Windows names) falls back to the source's zone.
 */
function instant(t: ICAL.Time, tzid: string | undefined, fallback: string): number {
  if (!t.isDate && t.zone?.tzid === 'UTC') return wallOf(t);
  const zone = (tzid && canonicalTimeZone(tzid)) || fallback;
  return instantOf(zone, wallOf(t), 'start');
}

const tzidOf = (component: ICAL.Component, name: string) => {
  const value = component.getFirstProperty(name)?.getParameter('tzid');
  return typeof value === 'string' ? value : undefined;
};

const text = (component: ICAL.Component, name: string, max: number) => plainText(component.getFirstPropertyValue(name) ?? '', max);

/**
 * The occurrences of an iCalendar's events that overlap [from, to), soonest first, at most
 * `maxEvents`: recurring events expanded (RRULE, RDATE, EXDATE, and RECURRENCE-ID overrides),
 * cancelled ones left out. Pure; throws SourceParseError for text that is not iCalendar.
 */
export function expandCalendar(body: string, o: ExpandOptions): CalendarEvent[] {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(body));
  } catch (err) {
    throw new SourceParseError(`The calendar is not iCalendar: ${(err as Error).message}`);
  }
  if (root.name !== 'vcalendar') throw new SourceParseError('The calendar is not iCalendar: no VCALENDAR.');
  const components = root.getAllSubcomponents('vevent');
  const overrides = components.filter((c) => c.hasProperty('recurrence-id'));
  const events: CalendarEvent[] = [];
  for (const component of components) {
    if (component.hasProperty('recurrence-id') || !component.hasProperty('dtstart')) continue;
    const event = new ICAL.Event(component);
    for (const o2 of overrides) if (o2.getFirstPropertyValue('uid') === event.uid) event.relateException(o2);
    if (!event.isRecurring()) {
      const one = occurrence(event.uid, component, event.startDate, event.endDate, o, false);
      if (one && overlaps(one, o)) events.push(one);
      continue;
    }
    const iterator = event.iterator();
    for (let step = 0, next = iterator.next(); next && step < MAX_STEPS; step++, next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const one = occurrence(event.uid, details.item.component, details.startDate, details.endDate, o, true, details.recurrenceId);
      if (!one) continue;
      if (Date.parse(one.start) >= o.to) break;
      if (overlaps(one, o)) events.push(one);
    }
  }
  return events.sort((a, b) => a.start.localeCompare(b.start) || a.id.localeCompare(b.id)).slice(0, o.maxEvents);
}

const overlaps = (e: CalendarEvent, o: ExpandOptions) => Date.parse(e.end) > o.from && Date.parse(e.start) < o.to;

function occurrence(
  uid: string,
  component: ICAL.Component,
  start: ICAL.Time,
  end: ICAL.Time | undefined,
  o: ExpandOptions,
  recurring: boolean,
  recurrenceId?: ICAL.Time,
): CalendarEvent | undefined {
  if (String(component.getFirstPropertyValue('status') ?? '').toUpperCase() === 'CANCELLED') return undefined;
  const allDay = start.isDate;
  // Times of an occurrence are in its own component's zone (an override may name another).
  const startAt = instant(start, tzidOf(component, 'dtstart'), o.timeZone);
  let endAt = end ? instant(end, tzidOf(component, 'dtend') ?? tzidOf(component, 'dtstart'), o.timeZone) : startAt;
  if (allDay && endAt <= startAt) endAt = instantOf(o.timeZone, wallOf(start) + DAY_MS, 'start');
  // No end and no duration: a timed event takes no time (RFC 5545 3.6.1).
  if (endAt < startAt) endAt = startAt;
  const id = (uid || 'event').slice(0, 40);
  return {
    id: recurring ? `${id}@${(recurrenceId ?? start).toString().replace(/[^0-9T]/g, '')}` : id,
    title: text(component, 'summary', 240),
    description: text(component, 'description', 500),
    location: text(component, 'location', 240),
    allDay,
    start: new Date(startAt).toISOString(),
    end: new Date(endAt).toISOString(),
    ...(allDay ? { date: start.toString().slice(0, 10) } : {}),
  };
}
