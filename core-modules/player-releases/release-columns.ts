import type { NewRelease } from './releases.repository.js';
import type { UpdateManifest } from './update-manifest.js';

/** The columns a verified manifest fills, the same for a codehost release and an upload. */
export function manifestColumns(m: UpdateManifest, manifest: Buffer, signature: Buffer) {
  return {
    platform: m.platform,
    channel: m.channel,
    version_code: m.versionCode,
    version_name: m.versionName,
    release_notes: m.releaseNotes,
    artifact_name: m.artifactName,
    artifact_size: m.artifactSizeBytes,
    artifact_sha256: m.artifactSha256,
    application_id: m.android?.applicationId ?? null,
    minimum_sdk: m.android?.minimumSdk ?? null,
    signing_certificate_sha256: m.android?.signingCertificateSha256 ?? null,
    manifest_json: manifest.toString('utf8'),
    manifest_signature: signature.toString('utf8').trim(),
  } satisfies Partial<NewRelease>;
}
