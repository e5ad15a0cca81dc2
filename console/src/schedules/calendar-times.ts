import type { ScheduleTimes } from './schedule-windows.js';
import { clockOf, DAY_MS, dayStart, wallClock, weekdayOf } from './zone-time.js';

/** The times a range drawn on the calendar stands for: one weekday weekly, and the same range once. */
export function timesFromRange(
  start: number,
  end: number,
  timezone: string,
): Required<Pick<ScheduleTimes, 'dailyStart' | 'dailyEnd' | 'oneTimeStart' | 'oneTimeEnd'>> & { daysOfWeek: number[] } {
  const wallStart = wallClock(timezone, start);
  return {
    daysOfWeek: [weekdayOf(wallStart)],
    dailyStart: clockOf(wallStart),
    dailyEnd: clockOf(wallClock(timezone, end)),
    oneTimeStart: new Date(start).toISOString(),
    oneTimeEnd: new Date(end).toISOString(),
  };
}

/**
 * The change that moves or resizes one occurrence of a schedule to `[start, end)`: a one-time
 * schedule takes the instants; a weekly one takes the new wall-clock times in its own zone, and all
 * its days shift by as many days as the occurrence moved. Undefined when a weekly window would last
 * more than a day, which a weekly schedule cannot hold.
 */
export function movedTimes(
  schedule: ScheduleTimes,
  occurrenceStart: number,
  start: number,
  end: number,
): Partial<Pick<ScheduleTimes, 'oneTimeStart' | 'oneTimeEnd' | 'dailyStart' | 'dailyEnd' | 'daysOfWeek'>> | undefined {
  if (schedule.type === 'one_time') return { oneTimeStart: new Date(start).toISOString(), oneTimeEnd: new Date(end).toISOString() };
  if (end - start > DAY_MS || end <= start) return undefined;
  const zone = schedule.timezone;
  const wallStart = wallClock(zone, start);
  const shift = Math.round((dayStart(wallStart) - dayStart(wallClock(zone, occurrenceStart))) / DAY_MS);
  return {
    dailyStart: clockOf(wallStart),
    dailyEnd: clockOf(wallClock(zone, end)),
    daysOfWeek: schedule.daysOfWeek.map((d) => (((d + shift) % 7) + 7) % 7).sort((a, b) => a - b),
  };
}
