import type { Level } from 'pino';
import type { Logger } from '../logger.js';

export type ThrottledLog = (level: Level, fields: Record<string, unknown>, message: string) => void;

/**
 * Logs each distinct message at most once per interval, saying how many like it were held back.
 * While the database is down, every pool connection attempt and every job poll fails with the same
 * few errors; one line each per interval says as much as hundreds.
 */
export function throttledLog(logger: Logger, intervalMs = 60_000): ThrottledLog {
  const recent = new Map<string, { until: number; held: number }>();
  return (level, fields, message) => {
    if (!logger.isLevelEnabled(level)) return;
    const now = Date.now();
    const seen = recent.get(message);
    if (seen && now < seen.until) {
      seen.held++;
      return;
    }
    if (recent.size >= 100) for (const [key, entry] of recent) if (now >= entry.until) recent.delete(key);
    recent.set(message, { until: now + intervalMs, held: 0 });
    logger[level]({ ...fields, ...(seen?.held ? { heldBack: seen.held } : {}) }, message);
  };
}
