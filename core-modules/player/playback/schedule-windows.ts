import { clockMs, DAY_MS, dateOf, instantOf, wallClock, wallDate, weekdayOf } from '../../../kernel/local-time.js';

/** A schedule as players receive it in the manifest (`schedules[]`), and as the resolver reads it. */
export interface ScheduleRule {
  id: string;
  type: 'weekly' | 'one_time';
  /** IANA zone or "UTC": weekly times and dates are wall-clock times there. */
  timezone: string;
  /** −999..999; higher wins. */
  priority: number;
  /** 1 when the schedule targets the screen itself, 0 when it reaches it through its group. */
  specificity: number;
  startDate?: string | null;
  endDate?: string | null;
  oneTimeStart?: string | null;
  oneTimeEnd?: string | null;
  dailyStart?: string | null;
  dailyEnd?: string | null;
  /** 0 = Sunday … 6 = Saturday. */
  daysOfWeek?: number[] | null;
}

/** When a schedule plays: from `start` (included) to `end` (excluded), in ms since the epoch. */
export interface Window {
  start: number;
  end: number;
}

/**
 * The schedule's windows that overlap `[from, to)`, in start order. A weekly window belongs to the
 * day it starts on: its weekday and the schedule's date bounds are that day's, so an overnight
 * window that starts on the last allowed day still runs past midnight. A window whose end is not
 * after its start (a DST change swallowed it) does not exist.
 */
export function windowsBetween(rule: ScheduleRule, from: number, to: number): Window[] {
  if (rule.type === 'one_time') {
    const start = Date.parse(rule.oneTimeStart ?? '');
    const end = Date.parse(rule.oneTimeEnd ?? '');
    return end > start && end > from && start < to ? [{ start, end }] : [];
  }
  if (!rule.dailyStart || !rule.dailyEnd) return [];
  const days = new Set(rule.daysOfWeek ?? []);
  const startClock = clockMs(rule.dailyStart);
  const endClock = clockMs(rule.dailyEnd);
  const overnight = endClock <= startClock;
  const windows: Window[] = [];
  // From the day before `from` (an overnight window may reach into it) to the day `to` falls on.
  const last = wallDate(dateOf(wallClock(rule.timezone, to)));
  for (let day = wallDate(dateOf(wallClock(rule.timezone, from))) - DAY_MS; day <= last; day += DAY_MS) {
    const date = dateOf(day);
    if (!days.has(weekdayOf(day)) || (rule.startDate && date < rule.startDate) || (rule.endDate && date > rule.endDate)) continue;
    const start = instantOf(rule.timezone, day + startClock, 'start');
    const end = instantOf(rule.timezone, day + (overnight ? DAY_MS : 0) + endClock, 'end');
    if (end > start && end > from && start < to) windows.push({ start, end });
  }
  return windows;
}

/** The window of the schedule that holds `at`, if any. */
export function windowAt(rule: ScheduleRule, at: number): Window | undefined {
  return windowsBetween(rule, at, at + 1).find((w) => w.start <= at && at < w.end);
}
