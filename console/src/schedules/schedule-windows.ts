import { clockMs, DAY_MS, dateOf, instantOf, wallClock, wallDate, weekdayOf } from './zone-time.js';

/** A schedule's times, as the API reads them (GET /api/v1/schedules). */
export interface ScheduleTimes {
  type: 'weekly' | 'one_time';
  timezone: string;
  startDate?: string;
  endDate?: string;
  oneTimeStart?: string;
  oneTimeEnd?: string;
  dailyStart?: string;
  dailyEnd?: string;
  daysOfWeek: number[];
}

/** When a schedule plays: from `start` (included) to `end` (excluded), ms since the epoch. */
export interface Window {
  start: number;
  end: number;
}

/**
 * The schedule's windows overlapping `[from, to)`, in start order, exactly as the server's resolver
 * (core-modules/player/playback/schedule-windows.ts) has them: a weekly window belongs to the day it
 * starts on, so an overnight one runs past midnight; one whose end is not after its start does not exist.
 */
export function windowsBetween(rule: ScheduleTimes, from: number, to: number): Window[] {
  if (rule.type === 'one_time') {
    const start = Date.parse(rule.oneTimeStart ?? '');
    const end = Date.parse(rule.oneTimeEnd ?? '');
    return end > start && end > from && start < to ? [{ start, end }] : [];
  }
  if (!rule.dailyStart || !rule.dailyEnd) return [];
  const days = new Set(rule.daysOfWeek);
  const startClock = clockMs(rule.dailyStart);
  const endClock = clockMs(rule.dailyEnd);
  const overnight = endClock <= startClock;
  const windows: Window[] = [];
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
