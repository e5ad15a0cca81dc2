import { ConfigError, integer, optional, type Config } from '../../kernel/config.js';
import { API_VERSION } from '../../kernel/openapi.js';

export interface WeatherAlertsConfig {
  /** The NWS API (NWS_BASE_URL, default the public service). */
  baseUrl: URL;
  /** How long one request to it may take (NWS_FETCH_TIMEOUT_MS, default 20 s; tests shorten it). */
  timeoutMs: number;
  /** The service asks every client to name itself and a contact. */
  userAgent: string;
}

export function loadWeatherAlertsConfig(config: Config): WeatherAlertsConfig {
  const raw = optional(config.raw, 'NWS_BASE_URL') ?? 'https://api.weather.gov';
  let baseUrl: URL;
  try {
    baseUrl = new URL(raw);
  } catch {
    throw new ConfigError(`NWS_BASE_URL must be an absolute URL, got "${raw}"`);
  }
  if (baseUrl.protocol !== 'https:' && baseUrl.protocol !== 'http:') throw new ConfigError(`NWS_BASE_URL must use http or https, got "${raw}"`);
  return {
    baseUrl,
    timeoutMs: integer(config.raw, 'NWS_FETCH_TIMEOUT_MS', 20_000, 100, 20_000),
    userAgent: `signage-server/${API_VERSION} (${config.publicUrl.origin})`,
  };
}
