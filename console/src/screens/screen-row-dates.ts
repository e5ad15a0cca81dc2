import { exactTime, fromNow } from './dates.js';

const MINUTE_MS = 60_000;

/**
 * Relative and exact times for many rows: each moment is formatted once, and the relative times
 * again when the minute turns, so scrolling back over rows formats nothing.
 */
export function createRowDates(now: () => number = Date.now) {
  const exact = new Map<string, string>();
  const relative = new Map<string, string>();
  let minute = Math.floor(now() / MINUTE_MS);
  return {
    exactTime(iso: string): string {
      const known = exact.get(iso);
      if (known !== undefined) return known;
      const text = exactTime(iso);
      exact.set(iso, text);
      return text;
    },
    fromNow(iso: string): string {
      const current = Math.floor(now() / MINUTE_MS);
      if (current !== minute) {
        relative.clear();
        minute = current;
      }
      const known = relative.get(iso);
      if (known !== undefined) return known;
      const text = fromNow(iso);
      relative.set(iso, text);
      return text;
    },
  };
}

export const rowDates = createRowDates();
