import type { Knex } from 'knex';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { getOrSet } from './collections.js';
import { rateLimited } from './errors.js';

/** rate-limiter-flexible's table (migrations/20261127200000_…): key, points, expire in epoch milliseconds. */
const TABLE = 'kernel_rate_limits';

export interface LimiterOptions {
  /** Names the counter: limiters with the same prefix share their counts. */
  keyPrefix: string;
  points: number;
  /** Seconds a window lasts, from its first point. */
  duration: number;
}

/**
 * Counters in PostgreSQL through rate-limiter-flexible, so every server process shares one budget
 * per key. The kernel owns the table; modules with their own rules (per-account sign-in limits)
 * take limiters on it from `limiter()`.
 */
export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(private readonly db: Knex) {}

  limiter(options: LimiterOptions): RateLimiterPostgres {
    return getOrSet(
      this.limiters,
      `${options.keyPrefix}|${options.points}|${options.duration}`,
      // The migration made the table; the retention job (purgeExpired) clears it, not a timer per limiter.
      () =>
        new RateLimiterPostgres({ ...options, storeClient: this.db, storeType: 'knex', tableName: TABLE, tableCreated: true, clearExpiredByTimeout: false }),
    );
  }

  /** Counts one hit of `key` in a fixed window; throws 429 rate_limited (with Retry-After) when over `limit`. */
  async hit(bucket: string, key: string, limit: number, windowSeconds: number): Promise<void> {
    await consumeOrRefuse(this.limiter({ keyPrefix: bucket, points: limit, duration: windowSeconds }), key);
  }

  /** Drops counters whose window or block has ended. */
  async purgeExpired(): Promise<number> {
    return this.db(TABLE).where('expire', '<', Date.now()).delete();
  }
}

/** Consumes one point; over the limit throws 429 rate_limited with Retry-After. */
export async function consumeOrRefuse(limiter: RateLimiterPostgres, key: string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw rateLimited(err.msBeforeNext / 1000);
    throw err;
  }
}
