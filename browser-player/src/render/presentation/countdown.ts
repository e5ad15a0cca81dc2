/**
 * The countdown widget's text, computed by the player from the binding's format (no DOM, so Node
 * tests import it):
 * `countdown:v2:<target>:<zone>:<mode>:<recurrence>:<completion>:<units dhms>:<completion text>`,
 * fields URI-encoded. A target without an offset is a wall time in the zone; a recurring target
 * (daily, weekly, monthly, yearly) keeps that wall time in the zone across DST and never completes.
 */

import { instantOf, knownZone, wallClock } from '../../playback/local-time.js';

export type Recurrence = 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';

export interface Countdown {
  target: string;
  zone: string;
  countUp: boolean;
  recurrence: Recurrence;
  /** `completed_text`, `hide` or `count_up`: what a one-off countdown shows once its target passes. */
  completion: string;
  /** Days, hours, minutes, seconds: which are shown. */
  units: [boolean, boolean, boolean, boolean];
  completionText: string;
}

const RECURRENCES: Recurrence[] = ['none', 'daily', 'weekly', 'monthly', 'yearly'];

export function parseCountdown(format: string): Countdown | undefined {
  const parts = format.split(':');
  if (parts[0] !== 'countdown' || parts[1] !== 'v2') return undefined;
  const [target, zone, mode, recurrence, completion, units, text] = parts.slice(2).map(decode);
  return {
    target: target ?? '',
    zone: zoneOrUndefined(zone) ?? 'UTC',
    countUp: mode === 'count_up',
    recurrence: RECURRENCES.find((r) => r === recurrence) ?? 'none',
    completion: completion === 'hide' || completion === 'count_up' ? completion : 'completed_text',
    // No valid unit pattern: all four, as the stock players do.
    units: /^[01]{4}$/.test(units ?? '') ? ([...units!].map((u) => u === '1') as Countdown['units']) : [true, true, true, true],
    completionText: text || 'Complete',
  };
}

/** The instant counted to (or from) at `now`: the target itself, or a recurring target's next occurrence after `now`. */
export function targetInstant(c: Countdown, now: number): number | undefined {
  const first = parseTarget(c.target, c.zone);
  if (first === undefined || c.recurrence === 'none') return first;
  const seed = wallTime(first, c.zone);
  let day = occurrenceThisPeriod(seed, wallTime(now, c.zone), c.recurrence);
  let at = zonedInstant({ ...day, hour: seed.hour, minute: seed.minute, second: seed.second }, c.zone);
  // Today's (this week's, ...) occurrence has passed: the next one.
  if (at <= now) {
    day = nextOccurrence(day, seed, c.recurrence);
    at = zonedInstant({ ...day, hour: seed.hour, minute: seed.minute, second: seed.second }, c.zone);
  }
  return at;
}

/**
 * What the widget shows at `now`: `2d 03h 04m`. Days appear only when there are some (unless they
 * are the only unit); a larger unit that is hidden is carried into the largest shown one, so a
 * countdown without days shows `51h 04m` rather than dropping two days.
 */
export function countdownText(c: Countdown, now: number): string {
  const target = targetInstant(c, now);
  if (target === undefined) return '';
  let ms = c.countUp ? now - target : target - now;
  if (ms < 0) {
    if (c.countUp || c.completion === 'count_up') ms = -ms;
    else return c.completion === 'hide' ? '' : c.completionText;
  }
  const shown = c.units.some(Boolean) ? c.units : ([true, true, true, false] as const);
  const sizes = [86_400, 3600, 60, 1];
  let rest = Math.floor(ms / 1000);
  const parts: string[] = [];
  shown.forEach((show, i) => {
    if (!show) return;
    const n = Math.floor(rest / sizes[i]!);
    rest -= n * sizes[i]!;
    if (i === 0) {
      if (n > 0 || !shown.slice(1).some(Boolean)) parts.push(`${n}d`);
    } else parts.push(`${String(n).padStart(2, '0')}${'dhms'[i]}`);
  });
  return parts.join(' ');
}

interface Day {
  year: number;
  month: number;
  day: number;
}
interface WallTime extends Day {
  hour: number;
  minute: number;
  second: number;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** The zone when the runtime knows it. */
const zoneOrUndefined = (zone: string | undefined) => (zone && knownZone(zone) ? zone : undefined);

function wallTime(instant: number, zone: string): WallTime {
  const w = new Date(wallClock(zone, instant));
  return {
    year: w.getUTCFullYear(),
    month: w.getUTCMonth() + 1,
    day: w.getUTCDate(),
    hour: w.getUTCHours(),
    minute: w.getUTCMinutes(),
    second: w.getUTCSeconds(),
  };
}

/** The instant a wall time names in `zone`, by the schedules' rule: a time the clocks skip is the jump itself, one they pass twice its first pass. */
const zonedInstant = (w: WallTime, zone: string) => instantOf(zone, Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second), 'start');

function parseTarget(target: string, zone: string): number | undefined {
  if (/(Z|[+-]\d{2}:\d{2})$/i.test(target)) {
    const t = Date.parse(target);
    return Number.isNaN(t) ? undefined : t;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?$/.exec(target);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  return zonedInstant({ year, month, day, hour, minute, second }, zone);
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const weekday = (d: Day) => new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();

function addDays(d: Day, days: number): Day {
  const at = new Date(Date.UTC(d.year, d.month - 1, d.day + days));
  return { year: at.getUTCFullYear(), month: at.getUTCMonth() + 1, day: at.getUTCDate() };
}

/** The seed's day of the month in a month, or that month's last day when it is shorter (31 → 28 February). */
const dayIn = (year: number, month: number, seed: Day): Day => ({ year, month, day: Math.min(seed.day, daysIn(year, month)) });

/** The occurrence's day in the current period (today, this week, this month, this year), which may be past. */
function occurrenceThisPeriod(seed: Day, today: Day, recurrence: Recurrence): Day {
  if (recurrence === 'daily') return today;
  if (recurrence === 'weekly') return addDays(today, (weekday(seed) - weekday(today) + 7) % 7);
  if (recurrence === 'monthly') return dayIn(today.year, today.month, seed);
  return dayIn(today.year, seed.month, seed);
}

function nextOccurrence(d: Day, seed: Day, recurrence: Recurrence): Day {
  if (recurrence === 'daily') return addDays(d, 1);
  if (recurrence === 'weekly') return addDays(d, 7);
  if (recurrence === 'monthly') return d.month === 12 ? dayIn(d.year + 1, 1, seed) : dayIn(d.year, d.month + 1, seed);
  return dayIn(d.year + 1, seed.month, seed);
}
