import { bool, integer, type Config } from '../../kernel/config.js';

export interface ScreensConfig {
  /** How often the player socket sends `server.ping` (PLAYER_PING_INTERVAL_MS, default 30 s). */
  pingIntervalMs: number;
  /** How often coalesced contact updates are written (SCREENS_CONTACT_FLUSH_MS, default 2 s). */
  contactFlushMs: number;
  /** How often a process refreshes its presence rows (SCREENS_PRESENCE_REFRESH_MS, default 15 s). */
  presenceRefreshMs: number;
  /** A presence row not refreshed for this long counts as gone: three missed refreshes. */
  presenceTtlSeconds: number;
  /**
   * Keep working device credentials in memory (SCREENS_CREDENTIAL_CACHE, default true). Another
   * server process then learns of a revocation from a database notification, within milliseconds
   * rather than at once; false reads the database on every device request.
   */
  credentialCache: boolean;
  /** A screen whose clock is further off than this is flagged (CLOCK_SKEW_WARNING_SECONDS, default 300, as the reference's). */
  clockSkewWarningSeconds: number;
}

export function loadScreensConfig(config: Config): ScreensConfig {
  const presenceRefreshMs = integer(config.raw, 'SCREENS_PRESENCE_REFRESH_MS', 15_000, 100, 60_000);
  return {
    pingIntervalMs: integer(config.raw, 'PLAYER_PING_INTERVAL_MS', 30_000, 100, 300_000),
    contactFlushMs: integer(config.raw, 'SCREENS_CONTACT_FLUSH_MS', 2_000, 50, 60_000),
    presenceRefreshMs,
    presenceTtlSeconds: Math.max(1, Math.ceil((presenceRefreshMs * 3) / 1000)),
    credentialCache: bool(config.raw, 'SCREENS_CREDENTIAL_CACHE', true),
    clockSkewWarningSeconds: integer(config.raw, 'CLOCK_SKEW_WARNING_SECONDS', 300, 1, 86_400),
  };
}
