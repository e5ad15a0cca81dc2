import type { Level } from 'pino';
import type { Logger } from '../logger.js';
import { throttledLog } from './throttled-log.js';

/**
 * Log levels for PostgreSQL's severities. A query's ERROR (a unique violation the app turns into a
 * 409) and a connection's FATAL (ended by a shutdown) are part of normal work, so warn, not error;
 * only a PANIC (the server stops) is an error.
 */
const LEVELS: Record<string, Level> = {
  DEBUG1: 'debug',
  DEBUG2: 'debug',
  DEBUG3: 'debug',
  DEBUG4: 'debug',
  DEBUG5: 'debug',
  LOG: 'info',
  INFO: 'info',
  NOTICE: 'info',
  WARNING: 'warn',
  ERROR: 'warn',
  FATAL: 'warn',
  PANIC: 'error',
};

// PostgreSQL's default log_line_prefix: `%m [%p] `, i.e. `2026-11-27 10:00:00.123 UTC [4711] LOG:  text`.
const LINE = /^\S+ \S+ \S+ \[(\d+)\] ([A-Z]+\d?):\s+(.*)$/;
// A connection refused while the server starts or stops: every probe and pool retry gets one, and
// the server's own LOG lines already say what it is doing.
const REFUSED_WHILE_CHANGING = /^the database system is (starting up|shutting down|not yet accepting connections|in recovery mode)/;

/**
 * Turns the embedded server's stderr into log lines at the level its severity calls for, each
 * distinct text at most once a minute (a crash ends every connection with the same FATAL). DETAIL,
 * HINT, CONTEXT and STATEMENT lines, and unprefixed continuation lines, take the level of the
 * message they belong to.
 */
export function postgresLogWriter(logger: Logger): (line: string) => void {
  const log = throttledLog(logger);
  let level: Level = 'info';
  return (line) => {
    const parsed = LINE.exec(line);
    if (!parsed) return log(level, { component: 'postgres' }, line);
    const [, pid, severity, text] = parsed as unknown as [string, string, string, string];
    if (severity in LEVELS) level = REFUSED_WHILE_CHANGING.test(text) ? 'debug' : LEVELS[severity]!;
    log(level, { component: 'postgres', severity, postgresPid: Number(pid) }, text);
  };
}
