import { bool, ConfigError, integer, optional, type Config } from '../../kernel/config.js';

export interface AuthConfig {
  sessionTtlSeconds: number;
  cookieSecure: boolean;
  /** WebAuthn relying party; undefined with the reason when passkeys cannot work here. */
  relyingParty: { id: string; origins: string[] } | { unavailable: string };
}

export const COOKIE_NAME = 'signage_session';

const isIpHost = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');

/** Passkeys need a secure context with a host name: https, or plain http on localhost. */
function relyingParty(config: Config): AuthConfig['relyingParty'] {
  const rpId = optional(config.raw, 'WEBAUTHN_RP_ID');
  const origins = optional(config.raw, 'WEBAUTHN_ORIGINS');
  if (Boolean(rpId) !== Boolean(origins)) throw new ConfigError('WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS must be set together');
  if (rpId && origins)
    return {
      id: rpId,
      origins: origins
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    };
  const url = config.publicUrl;
  // A relying party id is a host name; browsers allow plain http only on localhost.
  if (isIpHost(url.hostname)) return { unavailable: 'passkeys need a host name in PUBLIC_URL, not an IP address' };
  if (url.hostname === 'localhost') return { id: 'localhost', origins: [url.origin] };
  if (url.protocol !== 'https:') return { unavailable: `passkeys need an https PUBLIC_URL (now ${url.origin})` };
  return { id: url.hostname, origins: [url.origin] };
}

export function loadAuthConfig(config: Config): AuthConfig {
  return {
    sessionTtlSeconds: integer(config.raw, 'SESSION_TTL_MINUTES', 24 * 60, 15, 30 * 24 * 60) * 60,
    cookieSecure: bool(config.raw, 'COOKIE_SECURE', config.publicUrl.protocol === 'https:'),
    relyingParty: relyingParty(config),
  };
}
