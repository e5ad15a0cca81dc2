/**
 * A video item's trim: where it starts and stops, typed in seconds (with decimals) and sent as whole
 * milliseconds into the video. Checked as the server checks it, so the form says what is wrong
 * before saving. Pure and free of imports (the suite's unit tests load it under Node).
 */

/** Seconds typed (a number, a numeric string, or empty) as API milliseconds; empty gives null (from the beginning, or to the end). */
export function msFromTrimSeconds(seconds: number | string | null | undefined): number | null {
  const value = typeof seconds === 'string' ? (seconds.trim() === '' ? Number.NaN : Number(seconds)) : (seconds ?? Number.NaN);
  return Number.isFinite(value) ? Math.round(value * 1000) : null;
}

/** What is wrong with a trim, as a catalog key under `itemSettings`, or null when the server will take it. */
export type TrimProblem = 'trimStartNegative' | 'trimStartPastEnd' | 'trimEndNotAfterStart' | 'trimEndPastEnd';

/**
 * The server's rules: a start from 0 and before the video's end, an end after the start and no later
 * than the video's end. The video's length counts in whole milliseconds, as the server counts it;
 * unknown (processing did not record one), only start against end is checked.
 */
export function trimProblems(startMs: number | null, endMs: number | null, lengthSeconds: number | undefined): { start?: TrimProblem; end?: TrimProblem } {
  const lengthMs = lengthSeconds ? Math.trunc(lengthSeconds * 1000) : undefined;
  const from = startMs ?? 0;
  if (from < 0) return { start: 'trimStartNegative' };
  if (lengthMs !== undefined && from >= lengthMs) return { start: 'trimStartPastEnd' };
  if (endMs === null) return {};
  if (endMs <= from) return { end: 'trimEndNotAfterStart' };
  if (lengthMs !== undefined && endMs > lengthMs) return { end: 'trimEndPastEnd' };
  return {};
}
