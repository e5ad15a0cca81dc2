import type { Knex } from 'knex';
import { rateLimited } from './errors.js';

/**
 * Fixed-window counters in PostgreSQL, so every server process shares one budget per client.
 * One statement per hit: it opens a new window when the old one has passed.
 */
export class RateLimiter {
  constructor(private readonly db: Knex) {}

  /** Counts one hit; throws 429 rate_limited (with Retry-After) when over `limit`. */
  async hit(bucket: string, key: string, limit: number, windowSeconds: number): Promise<void> {
    const { rows } = await this.db.raw<{ rows: { hits: number; retry_after: number }[] }>(
      `INSERT INTO kernel_rate_limits AS r (bucket, key, window_start, hits) VALUES (?, ?, now(), 1)
       ON CONFLICT (bucket, key) DO UPDATE SET
         hits = CASE WHEN r.window_start <= now() - make_interval(secs => ?) THEN 1 ELSE r.hits + 1 END,
         window_start = CASE WHEN r.window_start <= now() - make_interval(secs => ?) THEN now() ELSE r.window_start END
       RETURNING hits, extract(epoch FROM r.window_start + make_interval(secs => ?) - now())::float AS retry_after`,
      [bucket, key, windowSeconds, windowSeconds, windowSeconds],
    );
    const { hits, retry_after } = rows[0]!;
    if (hits > limit) throw rateLimited(retry_after);
  }

  /** Drops windows that ended long ago (the longest window in use is well under a day). */
  async purgeExpired(): Promise<number> {
    return this.db('kernel_rate_limits').where('window_start', '<', this.db.raw(`now() - interval '1 day'`)).delete();
  }
}
