/**
 * Wall-clock time in IANA zones, with the reference's DST rules: a wall time that occurs twice
 * (autumn) is its earlier instant when it starts a window and its later one when it ends one; a
 * wall time that does not occur (spring) moves to the first one that does, the transition itself.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows the zone (IANA names and "UTC"). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The wall clock in `timeZone` at `instant`, as if it were UTC (ms): comparable, and day arithmetic is plain. */
export function wallClock(timeZone: string, instant: number): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** How far the zone's clock is ahead of UTC at `instant`, in ms. */
const offsetAt = (timeZone: string, instant: number) => wallClock(timeZone, Math.floor(instant / 1000) * 1000) - Math.floor(instant / 1000) * 1000;

/**
 * The instant at which the zone's clock shows `wall` (a wall time as UTC ms). `edge` says which of
 * two instants a repeated wall time means: the earlier for a start, the later for an end.
 */
export function instantOf(timeZone: string, wall: number, edge: 'start' | 'end'): number {
  const key = `${timeZone}|${wall}|${edge}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    // Bounded: a fleet's schedules name few zones and clock times, but nothing stops a new one each day.
    if (instants.size >= MAX_CACHED) instants.clear();
    instant = computeInstant(timeZone, wall, edge);
    instants.set(key, instant);
  }
  return instant;
}

// Zone rules do not change while a process runs, so each wall time's instant is worked out once.
const instants = new Map<string, number>();
const MAX_CACHED = 100_000;

function computeInstant(timeZone: string, wall: number, edge: 'start' | 'end'): number {
  // Offsets a day either side cover any one transition near `wall` (zones change at most twice a year).
  const offsets = [...new Set([offsetAt(timeZone, wall - DAY_MS), offsetAt(timeZone, wall + DAY_MS)])];
  const candidates = offsets
    .map((offset) => wall - offset)
    .filter((t) => wallClock(timeZone, t) === wall)
    .sort((a, b) => a - b);
  if (candidates.length) return edge === 'start' ? candidates[0]! : candidates.at(-1)!;
  // Skipped (spring forward): the transition instant, found between the two readings of `wall`.
  let [lo, hi] = [wall - Math.max(...offsets), wall - Math.min(...offsets)];
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClock(timeZone, mid) < wall) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** `YYYY-MM-DD` of a wall time. */
export const dateOf = (wall: number) => new Date(wall).toISOString().slice(0, 10);

/** Midnight of a `YYYY-MM-DD` date as a wall time. */
export const wallDate = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** 0 = Sunday … 6 = Saturday, of a wall time. */
export const weekdayOf = (wall: number) => new Date(wall).getUTCDay();

/** `HH:MM` as ms after midnight. */
export const clockMs = (clock: string) => (Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))) * MINUTE_MS;

export { DAY_MS, MINUTE_MS };

/** Whether `text` is a day that exists, as YYYY-MM-DD (engines would read 2026-02-30 as 2 March). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isFinite(day.getTime()) && day.toISOString().slice(0, 10) === text;
}
