// The signed update manifest every release carries (the reference's schema 1, with our product
// name): what the server checks before it holds or hands out a build.
import { type KeyObject, verify } from 'node:crypto';
import type { ReleasePlatform } from './player-releases.api.js';

/** Each platform's three release files. */
export const RELEASE_FILES = {
  android: { artifact: 'signage-player.apk', manifest: 'signage-player-update.json', signature: 'signage-player-update.json.sig' },
  linux: { artifact: 'signage-player.AppImage', manifest: 'signage-player-update-linux.json', signature: 'signage-player-update-linux.json.sig' },
} as const satisfies Record<ReleasePlatform, { artifact: string; manifest: string; signature: string }>;

export const MAX_MANIFEST_BYTES = 128 * 1024;
export const MAX_SIGNATURE_BYTES = 4 * 1024;
const PRODUCT = 'signage-player';
/** Android 6: the oldest the player supports. */
const MIN_SDK = 23;
const MAX_SDK = 35;
const DIGEST = /^[a-f0-9]{64}$/;

/** What a verified manifest says of its release. */
export interface UpdateManifest {
  platform: ReleasePlatform;
  versionCode: number;
  versionName: string;
  channel: 'stable' | 'beta';
  releaseNotes: string;
  artifactName: string;
  artifactSizeBytes: number;
  artifactSha256: string;
  android: { applicationId: string; minimumSdk: number; signingCertificateSha256: string } | null;
}

const COMMON = ['schemaVersion', 'product', 'platform', 'versionCode', 'versionName', 'channel', 'releaseNotes'];
const ANDROID = ['applicationId', 'minimumSdk', 'apkAssetName', 'apkSizeBytes', 'apkSha256', 'signingCertificateSha256'];
const LINUX = ['artifactAssetName', 'artifactSizeBytes', 'artifactSha256'];

/** A manifest that is not signed by the key, or not one this server can hold. The message is shown to the Owner. */
export class ManifestRefused extends Error {
  override name = 'ManifestRefused';
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;
const isText = (v: unknown, max: number): v is string => typeof v === 'string' && v.length <= max;

/**
 * Checks the base64 Ed25519 signature over the manifest's exact bytes, then its fields: one JSON
 * object with no unknown field, schema 1 of our product, a positive version code, stable or beta,
 * the platform's artifact name, size and SHA-256, and for Android the configured application id,
 * a minimum SDK from 23 to 35 and the signing certificate's SHA-256. A manifest without `platform`
 * is Android's (older manifests omit it).
 */
export function verifyManifest(bytes: Buffer, signature: Buffer, key: KeyObject, applicationId: string): UpdateManifest {
  const sig = Buffer.from(signature.toString('utf8').trim(), 'base64');
  if (sig.length !== 64 || !verify(null, bytes, key, sig)) throw new ManifestRefused('The update manifest’s signature does not match the trusted update key.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ManifestRefused('The update manifest is not valid JSON.');
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ManifestRefused('The update manifest must be one JSON object.');
  const m = parsed as Record<string, unknown>;
  const platform = m.platform ?? 'android';
  if (platform !== 'android' && platform !== 'linux') throw new ManifestRefused('The update manifest names an unknown platform.');
  const known = new Set([...COMMON, ...(platform === 'android' ? ANDROID : LINUX)]);
  const unknown = Object.keys(m).find((k) => !known.has(k));
  if (unknown) throw new ManifestRefused(`The update manifest has a field this ${platform} release cannot carry: ${unknown}.`);
  if (m.schemaVersion !== 1 || m.product !== PRODUCT || !isText(m.versionName, 100) || m.versionName === '' || !isCount(m.versionCode)) {
    throw new ManifestRefused(`The update manifest must be schema 1 of ${PRODUCT} with a version name and a positive version code.`);
  }
  if (m.channel !== 'stable' && m.channel !== 'beta') throw new ManifestRefused('The update channel must be stable or beta.');
  const notes = m.releaseNotes ?? '';
  if (!isText(notes, 20_000)) throw new ManifestRefused('The release notes must be text.');
  const files = RELEASE_FILES[platform];
  const [name, size, sha] =
    platform === 'android' ? [m.apkAssetName, m.apkSizeBytes, m.apkSha256] : [m.artifactAssetName, m.artifactSizeBytes, m.artifactSha256];
  if (name !== files.artifact || !isCount(size) || typeof sha !== 'string' || !DIGEST.test(sha.toLowerCase())) {
    throw new ManifestRefused(`The update manifest must describe ${files.artifact} by its size and SHA-256.`);
  }
  const base = {
    platform,
    versionCode: m.versionCode,
    versionName: m.versionName,
    channel: m.channel,
    releaseNotes: notes,
    artifactName: files.artifact,
    artifactSizeBytes: size,
    artifactSha256: sha.toLowerCase(),
  } as const;
  if (platform === 'linux') return { ...base, android: null };
  if (m.applicationId !== applicationId) throw new ManifestRefused(`The update manifest must be for the application ${applicationId}.`);
  if (!Number.isInteger(m.minimumSdk) || (m.minimumSdk as number) < MIN_SDK || (m.minimumSdk as number) > MAX_SDK) {
    throw new ManifestRefused(`The update manifest’s minimum SDK must be from ${MIN_SDK} to ${MAX_SDK}.`);
  }
  const cert = m.signingCertificateSha256;
  if (typeof cert !== 'string' || !DIGEST.test(cert.toLowerCase()))
    throw new ManifestRefused('The update manifest must name the signing certificate’s SHA-256.');
  return { ...base, android: { applicationId, minimumSdk: m.minimumSdk as number, signingCertificateSha256: cert.toLowerCase() } };
}
