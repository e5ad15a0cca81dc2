const MINUTE_MS = 60_000;

type Format = (iso: string) => string;

/**
 * Relative and exact times for many rows: each moment is formatted once, and its relative time
 * again only when the minute turns, so scrolling back over rows formats nothing.
 */
export function createRowDates(format: { fromNow: Format; exactTime: Format }, now: () => number = Date.now) {
  const exact = new Map<string, string>();
  const relative = new Map<string, string>();
  let minute = Math.floor(now() / MINUTE_MS);
  const cached = (cache: Map<string, string>, formatOne: Format, iso: string): string => {
    const known = cache.get(iso);
    if (known !== undefined) return known;
    const text = formatOne(iso);
    cache.set(iso, text);
    return text;
  };
  return {
    exactTime: (iso: string): string => cached(exact, format.exactTime, iso),
    fromNow(iso: string): string {
      const current = Math.floor(now() / MINUTE_MS);
      if (current !== minute) {
        relative.clear();
        minute = current;
      }
      return cached(relative, format.fromNow, iso);
    },
  };
}
