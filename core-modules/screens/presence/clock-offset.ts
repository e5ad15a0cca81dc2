/** How far a screen's player clock is off the server's: server minus player, in whole seconds. */
export interface ClockOffset {
  seconds: number;
  at: Date;
  /**
   * `server`: measured here, from a clock reading the player had just sent (the socket's
   * player.pong and player.hello `timestamp`), so it carries at most the network delay. `player`:
   * the player's own figure (the heartbeat's `deviceClockOffsetSeconds`), which the stock players
   * measure only when they fetch a changed manifest and may therefore be stale.
   */
  source: 'server' | 'player';
}

/** A server measurement outranks a player's own figure for this long. */
export const SERVER_PRECEDENCE_MS = 10 * 60_000;
/** What the column holds (about 68 years); a clock further off than that is not a clock reading. */
const MAX_SECONDS = 2_147_483_647;

/** RFC 3339 with a time zone: Date.parse alone would read "1" as the year 2001. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;

const bounded = (seconds: number) => (Number.isFinite(seconds) && Math.abs(seconds) <= MAX_SECONDS ? Math.round(seconds) : undefined);

/** The offset a clock reading shows: the player's `timestamp` against when it arrived. */
export function measuredOffset(timestamp: unknown, receivedAt: Date): ClockOffset | undefined {
  const seconds = bounded(typeof timestamp === 'string' && INSTANT.test(timestamp) ? (receivedAt.getTime() - Date.parse(timestamp)) / 1000 : Number.NaN);
  return seconds === undefined ? undefined : { seconds, at: receivedAt, source: 'server' };
}

/** The offset a player reported itself, when it is a number. */
export function reportedOffset(seconds: unknown, receivedAt: Date): ClockOffset | undefined {
  const s = typeof seconds === 'number' ? bounded(seconds) : undefined;
  return s === undefined ? undefined : { seconds: s, at: receivedAt, source: 'player' };
}

/**
 * Whether `next` replaces `current`: a later reading does (an earlier one, flushed late by another
 * process, never does), except a player's own figure over a recent server measurement. The same
 * rule is applied in SQL where the buffered readings are written (contact.repository.ts).
 */
export function supersedes(next: ClockOffset, current: ClockOffset | undefined): boolean {
  if (!current) return true;
  if (next.at < current.at) return false;
  return next.source === 'server' || current.source === 'player' || next.at.getTime() - current.at.getTime() > SERVER_PRECEDENCE_MS;
}
