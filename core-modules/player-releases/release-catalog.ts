// The catalog: the codehost's releases, verified by their signed manifests and recorded (their
// artifacts are downloaded only when asked), beside the uploaded ones.
import { randomUUID } from 'node:crypto';
import { AppError } from '../../kernel/errors.js';
import type { Logger } from '../../kernel/logger.js';
import { type CodehostClient, CodehostError, type CodehostRelease } from './codehost-client.js';
import type { CodehostSignIn } from './codehost-sign-in.js';
import type { PlayerReleasesConfig } from './player-releases-config.js';
import { manifestKeyMissing, releaseCheckFailed } from './release-errors.js';
import type { ReleaseUses } from './release-uses.js';
import { releaseView } from './release-view.js';
import type { ReleasesRepository } from './releases.repository.js';
import { MAX_MANIFEST_BYTES, MAX_SIGNATURE_BYTES, ManifestRefused, RELEASE_FILES, verifyManifest } from './update-manifest.js';

/** The reference's rule: the catalog is read again when it is older than this. */
const STALE_MS = 15 * 60_000;

type Deps = {
  playerReleasesConfig: PlayerReleasesConfig;
  codehostClient: CodehostClient;
  codehostSignIn: CodehostSignIn;
  releasesRepository: ReleasesRepository;
  releaseUses: ReleaseUses;
  logger: Logger;
};

export class ReleaseCatalog {
  constructor(private readonly d: Deps) {}

  /** What the console shows; reads the codehost first when the catalog is empty or stale, without failing when it is down. */
  async view() {
    const { manifestKey } = this.d.playerReleasesConfig;
    let state = await this.d.releasesRepository.codehostState();
    const stale = !state?.last_checked_at || Date.now() - state.last_checked_at.getTime() > STALE_MS;
    if (manifestKey && (stale || (await this.d.releasesRepository.count()) === 0)) {
      await this.check().catch((err: unknown) => {
        // Said through providerError; anything else is a fault of ours.
        if (!(err instanceof AppError && err.code === 'codehost_release_check_failed')) this.d.logger.error({ err }, 'player release check failed');
      });
      state = await this.d.releasesRepository.codehostState();
    }
    const rows = await this.d.releasesRepository.all();
    const used = await this.d.releaseUses.usedAmong(rows.map((r) => r.id));
    const auth = await this.d.codehostSignIn.status();
    return {
      repository: this.d.codehostClient.repository,
      ...(state?.last_checked_at ? { lastCheckedAt: state.last_checked_at.toISOString() } : {}),
      ...(state?.provider_error ? { providerError: state.provider_error } : {}),
      manifestKeyConfigured: Boolean(manifestKey),
      codehostAuth: auth,
      githubAuth: auth,
      items: rows.map((r) => releaseView(r, used.has(r.id))),
    };
  }

  /** Reads the codehost's release list now and records the releases whose manifests verify. */
  async check(): Promise<void> {
    if (!this.d.playerReleasesConfig.manifestKey) throw manifestKeyMissing();
    const state = await this.d.releasesRepository.codehostState();
    const token = await this.d.codehostSignIn.token();
    try {
      // After a failure the list is read whole again, not answered "not modified".
      const list = await this.d.codehostClient.releases(token, state?.provider_error ? null : (state?.etag ?? null));
      if (list.notModified) {
        await this.d.releasesRepository.saveCodehostState({ last_checked_at: new Date(), provider_error: null });
        return;
      }
      const known = new Set((await this.d.releasesRepository.all()).map((r) => r.codehost_release_id));
      let recorded = 0;
      let firstError: CodehostError | undefined;
      for (const release of list.releases) {
        if (known.has(release.id)) {
          recorded++;
          continue;
        }
        try {
          await this.record(release, token);
          recorded++;
        } catch (err) {
          if (!(err instanceof CodehostError)) throw err;
          firstError ??= err;
        }
      }
      if (recorded === 0 && firstError) throw firstError;
      await this.d.releasesRepository.saveCodehostState({ last_checked_at: new Date(), provider_error: null, etag: list.etag });
    } catch (err) {
      if (!(err instanceof CodehostError)) throw err;
      await this.d.releasesRepository.saveCodehostState({ last_checked_at: new Date(), provider_error: err.message, etag: null });
      throw releaseCheckFailed(err.message);
    }
  }

  private async record(release: CodehostRelease, token: string | undefined): Promise<void> {
    const assets = new Map(release.assets.map((a) => [a.name, a]));
    // A Linux release is told by its own manifest's name; any other is Android's layout.
    const platform = assets.has(RELEASE_FILES.linux.manifest) ? 'linux' : 'android';
    const names = RELEASE_FILES[platform];
    const [artifact, manifest, signature] = [assets.get(names.artifact), assets.get(names.manifest), assets.get(names.signature)];
    if (!artifact || !manifest || !signature) throw new CodehostError(`Release ${release.tag || release.id} lacks the player’s release files.`);
    const json = await this.d.codehostClient.smallAsset(token, manifest.url, MAX_MANIFEST_BYTES);
    const sig = await this.d.codehostClient.smallAsset(token, signature.url, MAX_SIGNATURE_BYTES);
    const { manifestKey, androidApplicationId, maxArtifactBytes } = this.d.playerReleasesConfig;
    let m: ReturnType<typeof verifyManifest>;
    try {
      m = verifyManifest(json, sig, manifestKey!, androidApplicationId);
    } catch (err) {
      if (err instanceof ManifestRefused) throw new CodehostError(`Release ${release.tag || release.id}: ${err.message}`);
      throw err;
    }
    const channel = release.prerelease ? 'beta' : 'stable';
    if (m.platform !== platform || m.channel !== channel || m.artifactSizeBytes !== artifact.size || m.artifactSizeBytes > maxArtifactBytes) {
      throw new CodehostError(`Release ${release.tag || release.id}: its files do not match its signed manifest.`);
    }
    if (!this.d.codehostClient.isRepositoryAsset(artifact.url))
      throw new CodehostError(`Release ${release.tag || release.id} names an asset outside the repository.`);
    await this.d.releasesRepository.insertIfNew({
      id: randomUUID(),
      platform,
      source: 'codehost',
      codehost_release_id: release.id,
      tag: release.tag,
      channel,
      version_code: m.versionCode,
      version_name: m.versionName,
      release_notes: m.releaseNotes,
      published_at: release.publishedAt,
      artifact_name: m.artifactName,
      artifact_size: m.artifactSizeBytes,
      artifact_sha256: m.artifactSha256,
      application_id: m.android?.applicationId ?? null,
      minimum_sdk: m.android?.minimumSdk ?? null,
      signing_certificate_sha256: m.android?.signingCertificateSha256 ?? null,
      manifest_json: json.toString('utf8'),
      manifest_signature: sig.toString('utf8').trim(),
      artifact_url: artifact.url,
      cache_status: 'missing',
      verification_status: 'verified_manifest',
    });
  }
}
