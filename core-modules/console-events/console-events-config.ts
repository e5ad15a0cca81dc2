import { integer, type Config } from '../../kernel/config.js';

export interface ConsoleEventsConfig {
  /** How often open console sockets are checked against their sessions (CONSOLE_EVENTS_SESSION_CHECK_MS, default 30 s). */
  sessionCheckMs: number;
}

export function loadConsoleEventsConfig(config: Config): ConsoleEventsConfig {
  return { sessionCheckMs: integer(config.raw, 'CONSOLE_EVENTS_SESSION_CHECK_MS', 30_000, 100, 600_000) };
}
