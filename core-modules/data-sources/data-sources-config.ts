import { integer, type Config } from '../../kernel/config.js';

export interface DataSourcesConfig {
  /** How long a refresh waits for a source (DATA_SOURCE_FETCH_TIMEOUT_MS, default 15 s). */
  fetchTimeoutMs: number;
}

export function loadDataSourcesConfig(config: Config): DataSourcesConfig {
  // Bounded both ways: a worker must not hang on a slow feed for long, and tests shorten it.
  return { fetchTimeoutMs: integer(config.raw, 'DATA_SOURCE_FETCH_TIMEOUT_MS', 15_000, 100, 15_000) };
}
