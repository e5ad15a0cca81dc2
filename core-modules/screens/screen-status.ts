export const SCREEN_STATUSES = ['disabled', 'revoked', 'online', 'recent', 'stale', 'offline'] as const;
export type ScreenStatus = (typeof SCREEN_STATUSES)[number];

/** Contact this recent, without an open socket, is `recent`; older up to STALE_SECONDS is `stale`. */
export const RECENT_SECONDS = 120;
export const STALE_SECONDS = 15 * 60;

export interface StatusFacts {
  enabled: boolean;
  hasActiveCredential: boolean;
  /** A socket is open on some server process (a fresh presence row). */
  online: boolean;
  lastContactAt: Date | null;
}

/** First match wins, as players and the console already expect from the reference. */
export function screenStatus(f: StatusFacts, now = Date.now()): ScreenStatus {
  if (!f.enabled) return 'disabled';
  if (!f.hasActiveCredential) return 'revoked';
  if (f.online) return 'online';
  if (!f.lastContactAt) return 'offline';
  const age = (now - f.lastContactAt.getTime()) / 1000;
  if (age <= RECENT_SECONDS) return 'recent';
  if (age <= STALE_SECONDS) return 'stale';
  return 'offline';
}

/** The later of two optional instants. */
export function latest(a: Date | null | undefined, b: Date | null | undefined): Date | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a.getTime() >= b.getTime() ? a : b;
}
