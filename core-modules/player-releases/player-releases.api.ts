// The player releases module's public face: what update deployments, the installers and the system
// status read of the player builds this server holds.
import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { FileToSend } from '../../kernel/http/file-response.js';

export type ReleasePlatform = 'android' | 'linux';
export type ReleaseCacheStatus = 'missing' | 'downloading' | 'cached' | 'failed';

/** A player build as other modules see it. */
export interface PlayerRelease {
  id: string;
  platform: ReleasePlatform;
  /** Where it came from: the codehost's releases or an operator's upload. */
  source: 'codehost' | 'upload';
  channel: string;
  versionCode: number;
  versionName: string;
  /** Its update manifest's Ed25519 signature checked against UPDATE_MANIFEST_PUBLIC_KEY, and the artifact against the manifest. */
  verified: boolean;
  cacheStatus: ReleaseCacheStatus;
  /** The installable file (APK or AppImage) as the manifest describes it. */
  artifact: { fileName: string; sizeBytes: number; sha256: string };
  /** Android only: what the installer on the device checks. */
  android: { applicationId: string; minimumSdk: number; signingCertificateSha256: string } | null;
  createdAt: Date;
}

/** Says whether something still needs a release (a deployment that targets it), so it is not deleted. */
export type ReleaseUseCheck = (releaseId: string, trx?: Knex.Transaction) => Promise<boolean>;

export interface PlayerReleases {
  get(id: string, trx?: Knex.Transaction): Promise<PlayerRelease | undefined>;
  /** The newest stable release of the platform that is verified and cached: what an installer hands out. */
  newestInstallable(platform: ReleasePlatform, trx?: Knex.Transaction): Promise<PlayerRelease | undefined>;
  /**
   * The cached artifact of a verified, cached release as a file to send (Range, ETag, redirect to
   * the store where it offers one); `missing` is thrown when its bytes are gone when read.
   */
  artifactFile(release: PlayerRelease, missing: () => Error): FileToSend;
  /** Registered by modules whose rows name releases: a release some check holds cannot be deleted (409 `player_release_in_use`). */
  registerUse(check: ReleaseUseCheck): void;
  /** Whether UPDATE_MANIFEST_PUBLIC_KEY is set, so releases can be verified at all. */
  readonly manifestKeyConfigured: boolean;
}

export const playerReleasesRef = exportRef<PlayerReleases>('player-releases', 'playerReleases');
