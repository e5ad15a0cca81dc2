import { availableParallelism } from 'node:os';
import { integer, type Config } from '../../kernel/config.js';
import type { ParseLimits } from './parse-pool.js';

export interface DataSourcesConfig {
  /** How long a refresh waits for a source (DATA_SOURCE_FETCH_TIMEOUT_MS, default 15 s). */
  fetchTimeoutMs: number;
  /** The parse pool's limits (DATA_SOURCE_PARSE_MEMORY_MB, default 256; DATA_SOURCE_PARSE_TIMEOUT_MS, default 10 s). */
  parse: ParseLimits;
}

/** Threads parsing bodies at once: two, so one slow feed does not hold up the rest, but always a CPU left to requests. */
export const PARSE_THREADS = Math.max(1, Math.min(2, availableParallelism() - 1));

export function loadDataSourcesConfig(config: Config): DataSourcesConfig {
  // Bounded both ways: a worker must not hang on a slow feed for long, and tests shorten it.
  return {
    fetchTimeoutMs: integer(config.raw, 'DATA_SOURCE_FETCH_TIMEOUT_MS', 15_000, 100, 15_000),
    parse: {
      threads: PARSE_THREADS,
      // A 2 MiB feed of character references needs about 100 MiB to parse.
      memoryMb: integer(config.raw, 'DATA_SOURCE_PARSE_MEMORY_MB', 256, 32, 2048),
      timeoutMs: integer(config.raw, 'DATA_SOURCE_PARSE_TIMEOUT_MS', 10_000, 100, 60_000),
    },
  };
}
