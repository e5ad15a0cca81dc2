import { createPublicKey, type KeyObject } from 'node:crypto';
import { ConfigError, integer, optional, type Config } from '../../kernel/config.js';

export interface PlayerReleasesConfig {
  /** The Ed25519 key update manifests are signed with (UPDATE_MANIFEST_PUBLIC_KEY), if set. */
  manifestKey: KeyObject | undefined;
  /** Largest artifact (APK or AppImage) taken from an upload or the codehost (PLAYER_RELEASE_MAX_BYTES, 512 MiB). */
  maxArtifactBytes: number;
  /** The application id an Android manifest must name (PLAYER_ANDROID_APPLICATION_ID). */
  androidApplicationId: string;
  codehost: CodehostConfig;
}

export interface CodehostConfig {
  /** A GitHub-compatible REST API (CODEHOST_API_URL, default GitHub's). */
  apiUrl: URL;
  /** Where its device sign-in lives (CODEHOST_OAUTH_URL, default GitHub's). */
  oauthUrl: URL;
  /** `owner/name` whose releases are the player's builds (CODEHOST_REPOSITORY). */
  repository: string;
  /** A device-flow OAuth app's public client id (CODEHOST_CLIENT_ID); without it sign-in is unavailable. */
  clientId: string | undefined;
  /** A token managed in the environment (CODEHOST_TOKEN): used instead of a signed-in one, and cannot be disconnected. */
  environmentToken: string | undefined;
}

const MIB = 1024 * 1024;
// An Ed25519 SubjectPublicKeyInfo is this DER prefix followed by the 32 raw key bytes.
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

function baseUrl(config: Config, name: string, fallback: string): URL {
  const raw = optional(config.raw, name) ?? fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw.replace(/\/+$/, ''));
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new ConfigError(`${name} must use http or https, got "${raw}"`);
  return parsed;
}

/**
 * The key as the reference's docs give it (base64 of the raw 32 bytes, what `openssl pkey -pubout
 * -outform DER | tail -c 32 | base64` prints), or as a PEM public key.
 */
export function parseManifestKey(raw: string): KeyObject {
  const text = raw.trim();
  const fail = () => new ConfigError('UPDATE_MANIFEST_PUBLIC_KEY must be an Ed25519 public key: base64 of its 32 raw bytes, or PEM');
  let key: KeyObject;
  try {
    if (text.startsWith('-----BEGIN')) key = createPublicKey(text);
    else {
      const bytes = Buffer.from(text, 'base64');
      if (bytes.length !== 32 || bytes.toString('base64') !== text) throw fail();
      key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, bytes]), format: 'der', type: 'spki' });
    }
  } catch {
    throw fail();
  }
  if (key.asymmetricKeyType !== 'ed25519') throw fail();
  return key;
}

export function loadPlayerReleasesConfig(config: Config): PlayerReleasesConfig {
  const key = optional(config.raw, 'UPDATE_MANIFEST_PUBLIC_KEY');
  const repository = optional(config.raw, 'CODEHOST_REPOSITORY') ?? 'signage/signage-player';
  if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repository)) throw new ConfigError(`CODEHOST_REPOSITORY must be owner/name, got "${repository}"`);
  const applicationId = optional(config.raw, 'PLAYER_ANDROID_APPLICATION_ID') ?? 'org.signage.player';
  if (!/^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/.test(applicationId)) {
    throw new ConfigError(`PLAYER_ANDROID_APPLICATION_ID must be an Android application id, got "${applicationId}"`);
  }
  return {
    manifestKey: key ? parseManifestKey(key) : undefined,
    maxArtifactBytes: integer(config.raw, 'PLAYER_RELEASE_MAX_BYTES', 512 * MIB, 1, 4096 * MIB),
    androidApplicationId: applicationId,
    codehost: {
      apiUrl: baseUrl(config, 'CODEHOST_API_URL', 'https://api.github.com'),
      oauthUrl: baseUrl(config, 'CODEHOST_OAUTH_URL', 'https://github.com'),
      repository,
      clientId: optional(config.raw, 'CODEHOST_CLIENT_ID'),
      environmentToken: optional(config.raw, 'CODEHOST_TOKEN'),
    },
  };
}
