/**
 * Wall-clock arithmetic in IANA zones, with only what Node and browsers share (Intl). A wall time
 * is written as if it were UTC (ms), so day arithmetic on it is plain addition. DST rules, as the
 * reference players and our server decide them: a wall time that occurs twice (autumn) is its
 * earlier instant when it starts a window and its later one when it ends one; a wall time that does
 * not occur (spring) moves to the first one that does, the transition itself.
 */

export const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

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

/** Whether the runtime knows the zone: a schedule in an unknown zone never holds. */
export function knownZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at `instant` (whole seconds), as UTC ms. */
export function wallClock(timeZone: string, instant: number): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
}

function offsetAt(timeZone: string, instant: number): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClock(timeZone, whole) - whole;
}

// Zone rules do not change while the page runs; bounded so weeks of new days cannot grow it.
const instants = new Map<string, number>();
const MAX_INSTANTS = 20_000;

/** The instant the zone's clock shows `wall`; `edge` picks between two readings of a repeated time. */
export function instantOf(timeZone: string, wall: number, edge: 'start' | 'end'): number {
  const key = `${timeZone}|${wall}|${edge}`;
  let instant = instants.get(key);
  if (instant === undefined) {
    if (instants.size >= MAX_INSTANTS) instants.clear();
    instant = computeInstant(timeZone, wall, edge);
    instants.set(key, instant);
  }
  return instant;
}

function computeInstant(timeZone: string, wall: number, edge: 'start' | 'end'): number {
  // A zone changes its offset at most a couple of times a year: a day either side sees both offsets.
  const offsets = [...new Set([offsetAt(timeZone, wall - DAY_MS), offsetAt(timeZone, wall + DAY_MS)])];
  const readings = offsets
    .map((o) => wall - o)
    .filter((t) => wallClock(timeZone, t) === wall)
    .sort((a, b) => a - b);
  const first = readings[0];
  const last = readings.at(-1);
  if (first !== undefined && last !== undefined) return edge === 'start' ? first : last;
  // Skipped by a spring-forward: search the minute at which the clock jumps past `wall`.
  let lo = wall - Math.max(...offsets);
  let hi = wall - Math.min(...offsets);
  if (lo > hi) [lo, hi] = [hi, lo];
  while (hi - lo > MINUTE_MS) {
    const mid = lo + Math.floor((hi - lo) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClock(timeZone, mid) < wall) lo = mid;
    else hi = mid;
  }
  return hi;
}

/** `YYYY-MM-DD` of a wall time. */
export const dateOf = (wall: number): string => new Date(wall).toISOString().slice(0, 10);

/** Midnight of the wall day holding `wall`. */
export const dayOf = (wall: number): number => Math.floor(wall / DAY_MS) * DAY_MS;

/** 0 = Sunday … 6 = Saturday. */
export const weekdayOf = (wall: number): number => new Date(wall).getUTCDay();

/** `HH:MM` as ms after midnight, or undefined when malformed. */
export function clockMs(clock: string | undefined): number | undefined {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock ?? '');
  return m ? (Number(m[1]) * 60 + Number(m[2])) * MINUTE_MS : undefined;
}
