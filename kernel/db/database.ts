import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { conflict, type AppError } from '../errors.js';

export type { Knex };

// int8 (counts, sums) as JS numbers; values beyond 2^53 do not occur in this schema.
pg.types.setTypeParser(20, (v) => Number(v));

export function createKnex(url: string, poolMax = 10): Knex {
  return knexFactory({
    client: 'pg',
    connection: { connectionString: url, application_name: 'signage-server' },
    pool: { min: 0, max: poolMax },
    acquireConnectionTimeout: 10_000,
  });
}

export const MIN_SERVER_VERSION = 150000;

/** Refuses servers older than PostgreSQL 15 with a readable reason. */
export async function checkServerVersion(db: Knex): Promise<number> {
  const { rows } = await db.raw<{ rows: { v: string }[] }>(`SELECT current_setting('server_version_num') AS v`);
  const version = Number(rows[0]!.v);
  if (version < MIN_SERVER_VERSION) {
    throw new Error(`PostgreSQL ${Math.floor(version / 10000)} is too old; version 15 or newer is required`);
  }
  return version;
}

const UNIQUE_VIOLATION = '23505';

/**
 * Turns a unique-constraint violation into the conflict error the caller names; rethrows others.
 * Repositories wrap inserts and updates with it so business code never sees driver errors.
 */
export function mapUniqueViolation(err: unknown, toError: (constraint: string | undefined) => AppError | undefined): never {
  if (sqlState(err) === UNIQUE_VIOLATION)
    throw toError(driverError(err)?.constraint) ?? conflict('already_exists', 'A record with the same unique value already exists.');
  throw err;
}

/** The driver's error: objection wraps it (`nativeError`), knex passes it on as it is. */
const driverError = (err: unknown) => ((err as { nativeError?: unknown })?.nativeError ?? err) as { code?: unknown; constraint?: string } | undefined;

/** A delete refused because other rows still point at the row (foreign key: restrict or no action). */
export const isStillReferenced = (err: unknown) => ['23001', '23503'].includes(sqlState(err) ?? '');

/** The SQLSTATE of a failed query (`23503`, `22023`, …), whether knex or an objection model ran it. */
export function sqlState(err: unknown): string | undefined {
  const code = driverError(err)?.code;
  return typeof code === 'string' ? code : undefined;
}
