/** Item durations: seconds in the console, milliseconds on the API (1 s to 24 h). */
export const MIN_SECONDS = 1;
export const MAX_SECONDS = 86_400;
/** What an image or website added from the library plays for until someone changes it. */
export const DEFAULT_IMAGE_SECONDS = 10;

/** Seconds typed (a number, a numeric string, or empty) as API milliseconds; empty gives null (a video's full length). */
export function msFromSeconds(seconds: number | string | null | undefined): number | null {
  const value = typeof seconds === 'string' ? (seconds.trim() === '' ? Number.NaN : Number(seconds)) : (seconds ?? Number.NaN);
  if (!Number.isFinite(value)) return null;
  return Math.round(Math.min(MAX_SECONDS, Math.max(MIN_SECONDS, value)) * 1000);
}

export const secondsFromMs = (ms: number | null | undefined): number | undefined => (typeof ms === 'number' ? ms / 1000 : undefined);

/** What the running time needs of an item: its own duration, and a video's length and trim. */
interface Timed {
  durationMs?: number;
  assetDurationSeconds?: number;
  videoStartOffsetMs?: number;
  videoEndOffsetMs?: number;
}

/**
 * How long one item plays: a video from its start to its end (or the video's), stopped sooner by a
 * duration of its own; anything else for its duration. Unknown (undefined) when neither says.
 */
export function itemSeconds(item: Timed): number | undefined {
  const start = (item.videoStartOffsetMs ?? 0) / 1000;
  const played =
    item.videoEndOffsetMs !== undefined
      ? item.videoEndOffsetMs / 1000 - start
      : item.assetDurationSeconds === undefined
        ? undefined
        : Math.max(0, item.assetDurationSeconds - start);
  if (item.durationMs === undefined) return played;
  return played === undefined ? item.durationMs / 1000 : Math.min(item.durationMs / 1000, played);
}

/** The whole playlist's running time, and whether some item's length is unknown (so the total is a lower bound). */
export function totalSeconds(items: Timed[]): { seconds: number; complete: boolean } {
  let seconds = 0;
  let complete = true;
  for (const item of items) {
    const s = itemSeconds(item);
    if (s === undefined) complete = false;
    else seconds += s;
  }
  return { seconds, complete };
}

/** A running time split for display ("1 h 2 min", "2 min 5 s", "45 s": the catalog says how). */
export function splitSeconds(total: number): { h: number; m: number; s: number } {
  const rounded = Math.round(total);
  return { h: Math.floor(rounded / 3600), m: Math.floor((rounded % 3600) / 60), s: rounded % 60 };
}
