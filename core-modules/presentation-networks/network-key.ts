import { ConfigError, optional, type Config } from '../../kernel/config.js';
import { conflict, notImplemented } from '../../kernel/errors.js';
import { KeyRing } from '../../kernel/key-ring.js';
import { SecretBox } from '../../kernel/secret-box.js';

const KEY_BYTES = 32;
const HEX = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** 64 hex digits, or base64 (standard or URL-safe, padded or not), of exactly 32 bytes. */
function decodeKey(text: string): Buffer | undefined {
  if (HEX.test(text)) return Buffer.from(text, 'hex');
  if (!BASE64.test(text)) return undefined;
  const key = Buffer.from(text, 'base64');
  return key.length === KEY_BYTES ? key : undefined;
}

/**
 * The box presentation network credentials are sealed in, under PRESENTATION_NETWORK_KEY (a key of
 * its own, kept out of the database and its backups). Unset: the feature is off (undefined). Set
 * but not a 32-byte key: a configuration error, so the server never runs believing credentials are
 * protected when they cannot be. The message never quotes the value.
 */
export function loadNetworkKey(config: Config): NetworkSealer {
  const text = optional(config.raw, 'PRESENTATION_NETWORK_KEY');
  if (!text) return new NetworkSealer(undefined);
  const key = decodeKey(text);
  if (!key) throw new ConfigError(`PRESENTATION_NETWORK_KEY must be ${KEY_BYTES} bytes written as 64 hex digits or in base64`);
  return new NetworkSealer(new SecretBox(KeyRing.of(key)));
}

export const featureUnavailable = () =>
  notImplemented(
    'presentation_networks_unavailable',
    'Presentation networks are unavailable: PRESENTATION_NETWORK_KEY is not set on this server. Set it to a 32-byte key (hex or base64), ' +
      'keep a copy outside the server’s backups, and restart.',
  );

export const credentialUnreadable = () =>
  conflict(
    'presentation_network_credential_unreadable',
    'The stored credential cannot be opened with the configured PRESENTATION_NETWORK_KEY. Enter it again to continue.',
  );

/** Seals and opens credentials, each bound to its network's id: moved to another row, it no longer opens. */
export class NetworkSealer {
  constructor(private readonly box: SecretBox | undefined) {}

  get available(): boolean {
    return this.box !== undefined;
  }

  /** 501 `presentation_networks_unavailable` while no key is set. */
  requireKey(): void {
    if (!this.box) throw featureUnavailable();
  }

  seal(networkId: string, secret: string): string {
    if (!this.box) throw featureUnavailable();
    return this.box.seal(secret, context(networkId));
  }

  /** Any failure (another key, another row, altered bytes) is the same answer: enter it again. */
  open(networkId: string, sealed: string): string {
    if (!this.box) throw featureUnavailable();
    try {
      return this.box.open(sealed, context(networkId));
    } catch {
      throw credentialUnreadable();
    }
  }
}

const context = (networkId: string) => `presentation-network:${networkId}`;
