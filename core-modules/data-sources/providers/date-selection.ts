import { Type } from '@sinclair/typebox';
import { dateOf, DAY_MS, isCalendarDate, wallClock, wallDate, weekdayOf } from '../../../kernel/local-time.js';
import { canonicalTimeZone } from '../../../kernel/time-zone.js';
import { ownValue } from '../../../kernel/collections.js';
import { type DataDocument, type Dataset, valueText } from './document.js';

// Showing the records of a day (a menu by date, this week's events): which day the players pick,
// and how the dates a feed writes are read. Players select on their own clock; the server only
// selects for a preview, on the day it is asked about.

const MODES = ['today', 'tomorrow', 'next_available', 'current_week', 'custom_range'] as const;
const NO_MATCH = ['empty', 'fallback_text', 'next_available', 'hide', 'last_known_good'] as const;
/** How a feed writes its dates: `auto` tries each, the others take one form only. */
export const DATE_FORMATS = ['auto', 'iso_date', 'us_date', 'us_short', 'day_month_name', 'rfc3339'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

const literals = (values: readonly string[]) => Type.Union(values.map((v) => Type.Literal(v)));
const Day = Type.String({ maxLength: 10, description: 'YYYY-MM-DD (custom_range).' });

export const DateSelectionSchema = Type.Object(
  {
    enabled: Type.Boolean({ default: false }),
    dateFormat: Type.Optional(literals(DATE_FORMATS)),
    timezone: Type.Optional(Type.String({ maxLength: 64, default: 'UTC' })),
    mode: Type.Optional(literals(MODES)),
    customStartDate: Type.Optional(Day),
    customEndDate: Type.Optional(Day),
    excludePast: Type.Optional(Type.Boolean({ default: false })),
    noMatchBehavior: Type.Optional(literals(NO_MATCH)),
    fallbackText: Type.Optional(Type.String({ maxLength: 240, default: '' })),
  },
  { default: { enabled: false }, description: 'Show only the records of a day, chosen on the screen’s clock in `timezone`.' },
);

export interface DateSelection {
  enabled: boolean;
  dateFormat?: DateFormat;
  timezone?: string;
  mode?: (typeof MODES)[number];
  customStartDate?: string;
  customEndDate?: string;
  excludePast?: boolean;
  noMatchBehavior?: (typeof NO_MATCH)[number];
  fallbackText?: string;
}

/** A selection with every default filled in, its zone canonical (as stored and as players read it). Pure. */
export function completeSelection(s: DateSelection): Required<DateSelection> {
  return {
    enabled: s.enabled,
    dateFormat: s.dateFormat ?? 'auto',
    timezone: canonicalTimeZone(s.timezone ?? 'UTC') ?? 'UTC',
    mode: s.mode ?? 'today',
    customStartDate: s.customStartDate ?? '',
    customEndDate: s.customEndDate ?? '',
    excludePast: s.excludePast ?? false,
    noMatchBehavior: s.noMatchBehavior ?? 'empty',
    fallbackText: s.fallbackText ?? '',
  };
}

/** What is wrong with a selection (undefined when nothing). Pure. */
export function selectionProblem(s: DateSelection | undefined): string | undefined {
  if (!s?.enabled) return undefined;
  if (!canonicalTimeZone(s.timezone ?? 'UTC')) return `${s.timezone} is not an IANA time zone.`;
  if (s.noMatchBehavior === 'fallback_text' && !s.fallbackText?.trim()) return 'Showing a fallback text when no day matches needs the text.';
  if (s.mode === 'custom_range') {
    const [from, to] = [s.customStartDate ?? '', s.customEndDate ?? ''];
    if (!isCalendarDate(from) || !isCalendarDate(to) || to < from)
      return 'A custom range needs a start and an end date (YYYY-MM-DD), the end not before the start.';
  }
  return undefined;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const day = (y: number, m: number, d: number) => {
  const text = `${y}-${pad(m)}-${pad(d)}`;
  return isCalendarDate(text) ? text : undefined;
};

/** The ways a date without a time is written, each to YYYY-MM-DD (undefined when the text is not one). */
const DAY_FORMS: Record<Exclude<DateFormat, 'auto' | 'rfc3339'>, (t: string) => string | undefined> = {
  iso_date: (t) => (/^\d{4}-\d{2}-\d{2}$/.test(t) ? day(+t.slice(0, 4), +t.slice(5, 7), +t.slice(8, 10)) : undefined),
  us_date: (t) => {
    const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
    return m ? day(+m[3]!, +m[1]!, +m[2]!) : undefined;
  },
  us_short: (t) => {
    const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
    return m ? day(+m[3]!, +m[1]!, +m[2]!) : undefined;
  },
  day_month_name: (t) => {
    const m = /^(\d{2})-([A-Za-z]{3})-(\d{4})$/.exec(t);
    const month = m ? MONTHS.indexOf(m[2]!.toLowerCase()) + 1 : 0;
    return m && month ? day(+m[3]!, month, +m[1]!) : undefined;
  },
};
const instant = (t: string) => {
  const at = /\d{1,2}:\d{2}/.test(t) ? Date.parse(t) : Number.NaN;
  return Number.isFinite(at) ? new Date(at).toISOString() : undefined;
};

/**
 * A record's date as players compare it: YYYY-MM-DD for a date without a time (a menu's day stays
 * that day in every zone), an ISO instant for a moment, '' when the text is neither. Pure.
 */
export function recordDate(text: string, format: DateFormat = 'auto'): string {
  const t = text.trim();
  if (!t) return '';
  if (format === 'rfc3339') return /^\d{4}-\d{2}-\d{2}T/.test(t) ? (instant(t) ?? '') : '';
  if (format !== 'auto') return DAY_FORMS[format](t) ?? '';
  return instant(t) ?? Object.values(DAY_FORMS).reduce<string | undefined>((found, read) => found ?? read(t), undefined) ?? '';
}

/** The day a record's date falls on in `timeZone`. */
const dayIn = (date: string, timeZone: string) => (isCalendarDate(date) ? date : date ? dateOf(wallClock(timeZone, Date.parse(date))) : '');

/**
 * The records a screen would show on `on` (YYYY-MM-DD in the selection's zone) or today: those of
 * the selected day or days, else what `noMatchBehavior` says (the next dated day, or nothing; a
 * fallback text, hiding and last-known-good are the player's to show). Pure.
 */
export function selectByDate<R>(records: R[], dateOfRecord: (r: R) => string, selection: DateSelection, now: Date, on?: string): R[] {
  const s = completeSelection(selection);
  const today = on && isCalendarDate(on) ? on : dateOf(wallClock(s.timezone, now.getTime()));
  const todayWall = wallDate(today);
  const target = s.mode === 'tomorrow' ? dateOf(todayWall + DAY_MS) : today;
  const weekday = weekdayOf(todayWall) || 7;
  const [weekStart, weekEnd] = [dateOf(todayWall - (weekday - 1) * DAY_MS), dateOf(todayWall + (7 - weekday) * DAY_MS)];
  const dated = records.flatMap((r) => {
    const d = dayIn(dateOfRecord(r), s.timezone);
    return d ? [{ r, d }] : [];
  });
  const upcoming = (from: string) => {
    const later = dated.filter((x) => x.d >= from).sort((a, b) => (a.d < b.d ? -1 : a.d > b.d ? 1 : 0));
    return later.filter((x) => x.d === later[0]?.d).map((x) => x.r);
  };
  if (s.mode === 'next_available') return upcoming(today);
  const matches = dated.filter(({ d }) => {
    if (s.excludePast && d < today) return false;
    if (s.mode === 'current_week') return d >= weekStart && d <= weekEnd;
    if (s.mode === 'custom_range') return d >= s.customStartDate && d <= s.customEndDate;
    return d === target;
  });
  if (matches.length) return matches.map((x) => x.r);
  return s.noMatchBehavior === 'next_available' ? upcoming(target) : [];
}

/** The selection as a data document's dataset carries it (the players' `DocumentDateSelection`), for records dated in `field`. */
export function documentSelection(selection: DateSelection, field: string) {
  const { enabled: _, dateFormat: __, ...rest } = completeSelection(selection);
  return { field, ...rest };
}

/** `document` with each dated dataset cut to the records players would show on `on` (or today). Pure. */
export function onDay(document: DataDocument, now: Date, on?: string): DataDocument {
  return {
    ...document,
    datasets: document.datasets.map((d) => {
      const s = d.dateSelection;
      if (!s) return d;
      const dated = (r: Dataset['records'][number]) => {
        const v = ownValue(r.values, s.field);
        return v ? valueText(v) : '';
      };
      return { ...d, records: selectByDate(d.records, dated, { ...(s as Omit<DateSelection, 'enabled'>), enabled: true }, now, on) };
    }),
  };
}
