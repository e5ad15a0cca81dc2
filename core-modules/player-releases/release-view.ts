import { Type } from '@sinclair/typebox';
import { Nullable, Stamp, Uuid } from '../../kernel/http/wire.js';
import type { PlayerRelease } from './player-releases.api.js';
import type { ReleaseRow } from './releases.repository.js';

const Platform = Type.Union([Type.Literal('android'), Type.Literal('linux')]);
const Channel = Type.Union([Type.Literal('stable'), Type.Literal('beta')]);
const Source = Type.Union([Type.Literal('codehost'), Type.Literal('upload')]);
const CacheStatus = Type.Union([Type.Literal('missing'), Type.Literal('downloading'), Type.Literal('cached'), Type.Literal('failed')]);
const Verification = Type.Union([Type.Literal('verified_manifest'), Type.Literal('verified'), Type.Literal('failed')], {
  description: '`verified_manifest`: the manifest’s signature is checked, the artifact not yet; `verified`: both; `failed`: the artifact did not match.',
});
const Sha256 = Type.String({ pattern: '^[a-f0-9]{64}$' });

/** A release in the catalog, with the reference's field names (`apk*` name the artifact of either platform). */
export const ReleaseSchema = Type.Object({
  id: Uuid,
  tag: Type.String({ description: 'The codehost release’s tag; empty for uploads.' }),
  platform: Platform,
  source: Source,
  channel: Channel,
  versionCode: Type.Integer({ minimum: 1 }),
  versionName: Type.String(),
  minimumSdk: Nullable(Type.Integer()),
  releaseNotes: Type.String(),
  publishedAt: Stamp,
  artifactName: Type.String(),
  apkSizeBytes: Type.Integer({ minimum: 1, description: 'The artifact’s size (APK or AppImage).' }),
  downloadedBytes: Type.Integer({ minimum: 0 }),
  apkSha256: Sha256,
  signingCertificateSha256: Type.String({ description: 'Android: the APK signing certificate’s SHA-256; empty for Linux.' }),
  manifestSignature: Type.String(),
  cacheStatus: CacheStatus,
  verificationStatus: Verification,
  verificationError: Type.Optional(Type.String()),
  /** Whether update deployments may use it. */
  verified: Type.Boolean({ description: 'Manifest and artifact verified and the artifact cached: deployable.' }),
  inUse: Type.Boolean({ description: 'Something (an update deployment) still needs it, so it cannot be deleted.' }),
});

const authStatusFields = {
  available: Type.Boolean({ description: 'Sign-in is offered (CODEHOST_CLIENT_ID is set).' }),
  connected: Type.Boolean(),
  source: Type.Union([Type.Literal('anonymous'), Type.Literal('device'), Type.Literal('environment')]),
  login: Type.Optional(Type.String()),
  canDisconnect: Type.Boolean(),
};

export const CatalogSchema = Type.Object({
  repository: Type.String({ description: 'The codehost repository (`owner/name`) whose releases are read.' }),
  lastCheckedAt: Type.Optional(Stamp),
  providerError: Type.Optional(Type.String({ description: 'Why the last check of the codehost failed.' })),
  manifestKeyConfigured: Type.Boolean(),
  codehostAuth: Type.Object(authStatusFields, { description: 'The codehost account the catalog is read with.' }),
  githubAuth: Type.Object(authStatusFields, { description: 'The same as `codehostAuth`, under the name the reference console reads.' }),
  items: Type.Array(ReleaseSchema),
});

export const UploadedSchema = Type.Object({
  id: Uuid,
  platform: Platform,
  source: Source,
  versionCode: Type.Integer({ minimum: 1 }),
  versionName: Type.String(),
  channel: Channel,
  apkSizeBytes: Type.Integer({ minimum: 1 }),
  releaseNotes: Type.String(),
  cacheStatus: CacheStatus,
  verificationStatus: Verification,
  duplicate: Type.Boolean({ description: 'The same build was already held: this is it, unchanged.' }),
});

export function releaseView(row: ReleaseRow, inUse: boolean) {
  return {
    id: row.id,
    tag: row.tag,
    platform: row.platform,
    source: row.source,
    channel: row.channel,
    versionCode: row.version_code,
    versionName: row.version_name,
    minimumSdk: row.minimum_sdk,
    releaseNotes: row.release_notes,
    publishedAt: row.published_at.toISOString(),
    artifactName: row.artifact_name,
    apkSizeBytes: row.artifact_size,
    downloadedBytes: row.downloaded_bytes,
    apkSha256: row.artifact_sha256,
    signingCertificateSha256: row.signing_certificate_sha256 ?? '',
    manifestSignature: row.manifest_signature,
    cacheStatus: row.cache_status,
    verificationStatus: row.verification_status,
    ...(row.verification_error ? { verificationError: row.verification_error } : {}),
    verified: row.verification_status === 'verified' && row.cache_status === 'cached',
    inUse,
  };
}

export function uploadedView(row: ReleaseRow, duplicate: boolean) {
  return {
    id: row.id,
    platform: row.platform,
    source: row.source,
    versionCode: row.version_code,
    versionName: row.version_name,
    channel: row.channel,
    apkSizeBytes: row.artifact_size,
    releaseNotes: row.release_notes,
    cacheStatus: row.cache_status,
    verificationStatus: row.verification_status,
    duplicate,
  };
}

/** A release as other modules see it (the face). */
export function faceView(row: ReleaseRow): PlayerRelease {
  return {
    id: row.id,
    platform: row.platform,
    source: row.source,
    channel: row.channel,
    versionCode: row.version_code,
    versionName: row.version_name,
    verified: row.verification_status === 'verified' && row.cache_status === 'cached',
    cacheStatus: row.cache_status,
    artifact: { fileName: row.artifact_name, sizeBytes: row.artifact_size, sha256: row.artifact_sha256 },
    android:
      row.platform === 'android'
        ? { applicationId: row.application_id ?? '', minimumSdk: row.minimum_sdk ?? 0, signingCertificateSha256: row.signing_certificate_sha256 ?? '' }
        : null,
    createdAt: row.created_at,
  };
}
