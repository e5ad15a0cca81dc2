import type { Knex } from 'knex';
import { databaseUnavailable } from './database.js';

const REUSE_MS = 2_000;
const TIMEOUT_MS = 1_000;

/**
 * Whether the database answers, for `/healthz`: one `SELECT 1` with a short time limit, its answer
 * shared by every caller for a moment, so a storm of health checks costs the database one query
 * per interval.
 */
export class DatabaseHealth {
  private last?: { at: number; probe: Promise<void> };

  constructor(private readonly db: Knex) {}

  /** Resolves while the database answers; else rejects with the 503 `database_unavailable`. */
  check(): Promise<void> {
    if (this.last && Date.now() - this.last.at < REUSE_MS) return this.last.probe;
    const probe = this.probe();
    probe.catch(() => {}); // a probe nobody awaits any more must not be an unhandled rejection
    this.last = { at: Date.now(), probe };
    return probe;
  }

  private async probe(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), TIMEOUT_MS)));
    try {
      await Promise.race([this.db.raw('SELECT 1'), late]);
    } catch {
      throw databaseUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }
}
