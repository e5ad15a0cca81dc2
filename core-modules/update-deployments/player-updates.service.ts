import type { FileToSend } from '../../kernel/http/file-response.js';
import type { PlayerRelease } from '../player-releases/player-releases.api.js';
import { notTargeted, updateNotFound } from './update-deployment-errors.js';
import type { UpdateDeploymentsBaseDeps } from './update-deployments-base-deps.js';

type Deps = Pick<UpdateDeploymentsBaseDeps, 'updateDeploymentsRepository' | 'playerReleases'>;

export interface UpdateMetadata {
  releaseId: string;
  artifactId: string;
  platform: 'android' | 'linux';
  versionCode: number;
  versionName: string;
  artifactSizeBytes: number;
  artifactSha256: string;
  artifactPath: string;
  applicationId?: string;
  minimumSdk?: number;
  apkSizeBytes?: number;
  apkSha256?: string;
  signingCertificateSha256?: string;
  apkPath?: string;
}

/** What a targeted player reads of the release it is told to install, and the file itself. */
export class PlayerUpdates {
  constructor(private readonly d: Deps) {}

  /** The release's facts, for a screen with an open part in a running deployment of it (404 otherwise, as the reference). */
  async metadata(screenId: string, releaseId: string): Promise<UpdateMetadata> {
    if (!(await this.d.updateDeploymentsRepository.isTargeted(releaseId, screenId))) throw updateNotFound();
    const release = await this.installable(releaseId);
    const base = `/api/v1/player/updates/${release.id}`;
    const facts: UpdateMetadata = {
      releaseId: release.id,
      artifactId: release.artifact.fileName,
      platform: release.platform,
      versionCode: release.versionCode,
      versionName: release.versionName,
      artifactSizeBytes: release.artifact.sizeBytes,
      artifactSha256: release.artifact.sha256,
      artifactPath: `${base}/artifact`,
    };
    if (release.platform !== 'android') return facts;
    // The Android player reads these names, and checks the package, SDK and signer before installing.
    return {
      ...facts,
      applicationId: release.android?.applicationId,
      minimumSdk: release.android?.minimumSdk,
      apkSizeBytes: release.artifact.sizeBytes,
      apkSha256: release.artifact.sha256,
      signingCertificateSha256: release.android?.signingCertificateSha256,
      apkPath: `${base}/apk`,
    };
  }

  /**
   * The artifact, for a targeted screen (403 otherwise); 404 once the release or its bytes are gone.
   * Its ETag is the reference's `"sha256-<hex>"`: both stock players resume a download with exactly
   * that in If-Range, and any other validator would make them start over.
   */
  async artifact(screenId: string, releaseId: string): Promise<FileToSend> {
    if (!(await this.d.updateDeploymentsRepository.isTargeted(releaseId, screenId))) throw notTargeted();
    const file = this.d.playerReleases.artifactFile(await this.installable(releaseId), updateNotFound);
    return {
      size: file.size,
      mimeType: file.mimeType,
      sha256: file.sha256,
      lastModified: file.lastModified,
      filename: file.filename,
      open: (span) => file.open(span),
      directUrl: file.directUrl && (() => file.directUrl!()),
      etag: `"sha256-${file.sha256}"`,
    };
  }

  private async installable(releaseId: string): Promise<PlayerRelease> {
    const release = await this.d.playerReleases.get(releaseId);
    if (!release?.verified || release.cacheStatus !== 'cached') throw updateNotFound();
    return release;
  }
}
