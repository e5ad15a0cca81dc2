import { integer, type Config } from '../../../kernel/config.js';

export interface LibraryConfig {
  /** How long a website diagnostic waits for an answer (WEBSITE_DIAGNOSTICS_TIMEOUT_MS, default 5 s). */
  diagnosticsTimeoutMs: number;
}

export function loadLibraryConfig(config: Config): LibraryConfig {
  // Bounded both ways: a request thread must not wait on a slow site for long, and tests shorten it.
  return { diagnosticsTimeoutMs: integer(config.raw, 'WEBSITE_DIAGNOSTICS_TIMEOUT_MS', 5_000, 100, 15_000) };
}
