/**
 * Volume as people read it (0–100 %) and as the API and players take it (0 = silent to 1 = full).
 * An empty field means the default: full volume, as the server stores an item made without one.
 */
export const DEFAULT_VOLUME = 1;

/** The API's 0–1 volume as a whole percentage; absent or not a number reads as the default. */
export function percentFromVolume(volume: number | null | undefined): number {
  const value = typeof volume === 'number' && Number.isFinite(volume) ? volume : DEFAULT_VOLUME;
  return Math.round(Math.min(1, Math.max(0, value)) * 100);
}

/** A percentage typed or slid (a number, a numeric string, or empty) on the API's 0–1 scale, in whole percent. */
export function volumeFromPercent(percent: number | string | null | undefined): number {
  const value = typeof percent === 'string' ? (percent.trim() === '' ? Number.NaN : Number(percent)) : (percent ?? Number.NaN);
  if (!Number.isFinite(value)) return DEFAULT_VOLUME;
  return Math.round(Math.min(100, Math.max(0, value))) / 100;
}
