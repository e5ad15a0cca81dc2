// Signed player releases for tests: artifact bytes, the update manifest JSON and its Ed25519
// signature, as a release pipeline makes them, so a test can upload one or serve it from a fake
// codehost. The server holds only the public key (UPDATE_MANIFEST_PUBLIC_KEY).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type { ApiResponse, ConsoleSession } from './console-client.js';
import type { HttpTarget } from './test-kernel.js';

export type FixturePlatform = 'android' | 'linux';

/** The application id the server accepts by default (PLAYER_ANDROID_APPLICATION_ID). */
export const ANDROID_APPLICATION_ID = 'org.signage.player';

/** Each platform's three asset names, as the codehost release and an upload carry them. */
export const RELEASE_FILE_NAMES = {
  android: { artifact: 'signage-player.apk', manifest: 'signage-player-update.json', signature: 'signage-player-update.json.sig' },
  linux: { artifact: 'signage-player.AppImage', manifest: 'signage-player-update-linux.json', signature: 'signage-player-update-linux.json.sig' },
} as const;

const CONTENT_TYPES = {
  android: 'application/vnd.android.package-archive',
  linux: 'application/octet-stream',
} as const;

/** An Ed25519 key pair: the public key as the server takes it (base64 of the raw 32 bytes) and a signer. */
export interface ReleaseSigner {
  publicKey: string;
  /** The base64 Ed25519 signature of exactly these bytes (the `.sig` file). */
  sign(bytes: Buffer): string;
}

export function releaseSigner(): ReleaseSigner {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: rawPublicKey(publicKey), sign: (bytes) => sign(null, bytes, privateKey).toString('base64') };
}

// An Ed25519 SPKI DER ends with the 32 raw key bytes.
const rawPublicKey = (key: KeyObject) => key.export({ format: 'der', type: 'spki' }).subarray(-32).toString('base64');

export interface ReleaseOptions {
  platform: FixturePlatform;
  versionCode?: number;
  versionName?: string;
  channel?: 'stable' | 'beta';
  /** The artifact's bytes, or how many random ones (default 4 KiB). */
  artifact?: Buffer | number;
  minimumSdk?: number;
  applicationId?: string;
  signingCertificateSha256?: string;
  releaseNotes?: string;
  /** Fields replaced (or, with `undefined`, removed) in the manifest before it is signed. */
  manifest?: Record<string, unknown>;
}

export interface ReleaseFile {
  name: string;
  bytes: Buffer;
  contentType: string;
}

export interface SignedRelease {
  platform: FixturePlatform;
  versionCode: number;
  versionName: string;
  artifact: Buffer;
  artifactSha256: string;
  /** The manifest as signed. */
  manifest: Record<string, unknown>;
  /** Its exact bytes, which the signature covers. */
  manifestJson: Buffer;
  signature: string;
  /** Artifact, manifest and signature with their release names, in that order. */
  files: ReleaseFile[];
}

let nextVersionCode = 100;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A release signed by `signer`. Version codes increase from call to call unless given. */
export function signedRelease(signer: ReleaseSigner, options: ReleaseOptions): SignedRelease {
  const { platform } = options;
  const names = RELEASE_FILE_NAMES[platform];
  const artifact = Buffer.isBuffer(options.artifact) ? options.artifact : randomBytes(options.artifact ?? 4096);
  const versionCode = options.versionCode ?? nextVersionCode++;
  const versionName = options.versionName ?? `1.${versionCode}.0`;
  const common = {
    schemaVersion: 1,
    product: 'signage-player',
    platform,
    versionCode,
    versionName,
    channel: options.channel ?? 'stable',
    releaseNotes: options.releaseNotes ?? `Build ${versionName}.`,
  };
  const specific =
    platform === 'android'
      ? {
          applicationId: options.applicationId ?? ANDROID_APPLICATION_ID,
          minimumSdk: options.minimumSdk ?? 23,
          apkAssetName: names.artifact,
          apkSizeBytes: artifact.length,
          apkSha256: sha256(artifact),
          signingCertificateSha256: options.signingCertificateSha256 ?? sha256(Buffer.from('test signing certificate')),
        }
      : { artifactAssetName: names.artifact, artifactSizeBytes: artifact.length, artifactSha256: sha256(artifact) };
  const manifest: Record<string, unknown> = { ...common, ...specific };
  for (const [key, value] of Object.entries(options.manifest ?? {})) {
    if (value === undefined) delete manifest[key];
    else manifest[key] = value;
  }
  const manifestJson = Buffer.from(JSON.stringify(manifest, null, 2));
  const signature = signer.sign(manifestJson);
  return {
    platform,
    versionCode,
    versionName,
    artifact,
    artifactSha256: sha256(artifact),
    manifest,
    manifestJson,
    signature,
    files: [
      { name: names.artifact, bytes: artifact, contentType: CONTENT_TYPES[platform] },
      { name: names.manifest, bytes: manifestJson, contentType: 'application/json' },
      { name: names.signature, bytes: Buffer.from(signature), contentType: 'text/plain' },
    ],
  };
}

/** The upload form: each file as a `files` part. */
export function releaseForm(files: ReleaseFile[]): FormData {
  const form = new FormData();
  for (const f of files) form.append('files', new Blob([new Uint8Array(f.bytes)], { type: f.contentType }), f.name);
  return form;
}

/** POST /api/v1/player-releases/upload with a console session (cookie + CSRF). */
export async function uploadRelease(k: HttpTarget, s: ConsoleSession, files: ReleaseFile[]): Promise<ApiResponse> {
  const res = await k.request('/api/v1/player-releases/upload', {
    method: 'POST',
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken },
    body: releaseForm(files),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}
