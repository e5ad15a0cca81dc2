/**
 * Wall-clock time in IANA zones for the calendar, by the server's rules (kernel/local-time.ts): a
 * wall time is kept "as if UTC" (ms) so day arithmetic is plain; a repeated wall time (autumn) is its
 * earlier instant for a start and its later one for an end; a skipped one (spring) is the transition.
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

/** The wall clock in `timeZone` at `instant`, as if it were UTC (ms). */
export function wallClock(timeZone: string, instant: number): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return Date.UTC(p.year ?? 1970, (p.month ?? 1) - 1, p.day ?? 1, p.hour ?? 0, p.minute ?? 0, p.second ?? 0);
}

const offsetAt = (timeZone: string, instant: number) => {
  const second = Math.floor(instant / 1000) * 1000;
  return wallClock(timeZone, second) - second;
};

/** The instant at which the zone's clock shows `wall`; `edge` picks among two (autumn). */
export function instantOf(timeZone: string, wall: number, edge: 'start' | 'end' = 'start'): number {
  const offsets = [...new Set([offsetAt(timeZone, wall - DAY_MS), offsetAt(timeZone, wall + DAY_MS)])];
  const candidates = offsets
    .map((offset) => wall - offset)
    .filter((t) => wallClock(timeZone, t) === wall)
    .sort((a, b) => a - b);
  if (candidates.length) return (edge === 'start' ? candidates[0] : candidates.at(-1)) as number;
  let lo = wall - Math.max(...offsets);
  let hi = wall - Math.min(...offsets);
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
/** `HH:MM` of a wall time. */
export const clockOf = (wall: number) => new Date(wall).toISOString().slice(11, 16);
/** Midnight of the wall time's day. */
export const dayStart = (wall: number) => wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);

/** The zones this browser knows, for pickers; UTC first. */
export function knownZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}
