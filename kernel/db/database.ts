import { inspect } from 'node:util';
import knexFactory, { type Knex } from 'knex';
import pg from 'pg';
import { AppError, conflict } from '../errors.js';
import type { Logger } from '../logger.js';
import { throttledLog } from './throttled-log.js';

export type { Knex };

// int8 (counts, sums) as JS numbers; values beyond 2^53 do not occur in this schema.
pg.types.setTypeParser(20, (v) => Number(v));

/** Without a logger (tests, scripts), knex prints its warnings itself. */
export function createKnex(url: string, logger?: Logger): Knex {
  return knexFactory({
    client: 'pg',
    // A server that stopped answering (a network split) must not hold a request, or a stop, for
    // the minutes a TCP connect can take.
    connection: { connectionString: url, application_name: 'signage-server', connectionTimeoutMillis: 5_000 },
    pool: { min: 0, max: 10 },
    acquireConnectionTimeout: 10_000,
    ...(logger ? { log: knexLog(logger) } : {}),
  });
}

/**
 * Knex prints pool trouble (`Acquire connection error`, one per connection attempt and stack
 * included) with console.log; these go through the logger instead, first line only, throttled.
 */
function knexLog(logger: Logger) {
  const log = throttledLog(logger);
  const text = (m: unknown) => (typeof m === 'string' ? m : inspect(m)).split('\n')[0]!;
  return {
    warn: (m: unknown) => log('warn', { component: 'knex' }, text(m)),
    deprecate: (m: unknown) => log('warn', { component: 'knex' }, text(m)),
    error: (m: unknown) => log('error', { component: 'knex' }, text(m)),
    debug: (m: unknown) => logger.debug({ component: 'knex' }, text(m)),
  };
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

/** What clients are told to wait before trying again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = () =>
  new AppError('unavailable', 'database_unavailable', 'The database is not available at the moment; try again shortly.', undefined, {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

// Connection exceptions (08), a server shutting down, crashed or starting (57P01-57P03), no free
// connection slot (53300).
const UNAVAILABLE_STATE = /^(08...|57P0[123]|53300)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// pg's and knex's own words for a connection lost, never made, or not free in time (no code).
const UNAVAILABLE_MESSAGE =
  /^Connection terminated|is not queryable|^timeout exceeded when trying to connect|^Connection ended unexpectedly|^Knex: Timeout acquiring a connection/;

/**
 * Whether a failure means the database cannot be reached or is not serving (down, restarting,
 * refusing connections, the pool waited too long for one), rather than a query's own error.
 * Looks through objection's wrapper (`nativeError`) and an AggregateError's `errors` (a host name
 * with several addresses), not through `cause`: a fetch's `cause` is another server's socket error.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 4) return false;
  const e = err as { code?: unknown; message?: unknown; nativeError?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_STATE.test(e.code) || UNAVAILABLE_ERRNO.has(e.code))) return true;
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  const inner = [e.nativeError, ...(Array.isArray(e.errors) ? e.errors : [])];
  return inner.some((i) => i !== err && isDatabaseUnavailable(i, depth + 1));
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
