/** "2 h 5 min", "4 min 10 s" or "12 s": a playback duration as a report reads it. */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return s > 0 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** A share as a whole percent, or a dash when there is nothing to share. */
export const formatPercent = (value: number | null | undefined): string => (value === null || value === undefined ? '–' : `${Math.round(value)} %`);
