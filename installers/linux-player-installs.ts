import type { PlayerRelease } from '../core-modules/player-releases/player-releases.api.js';
import { notFound } from '../kernel/errors.js';
import type { FileToSend } from '../kernel/http/file-response.js';
import type { InstallersDeps } from './installers-deps.js';

export const LINUX_ARTIFACT_PATH = '/api/v1/install/linux/artifact';

/** What `install.sh` reads before it downloads: the build, and what the download must match. */
export interface LinuxInstallable {
  platform: 'linux';
  versionName: string;
  versionCode: number;
  sizeBytes: number;
  sha256: string;
  artifactUrl: string;
}

const notCached = (detail: string) =>
  notFound('player_release_not_cached', `${detail} In the console, download or upload a Linux release under Settings > Player releases.`);

/** The Linux player a new box installs: the newest verified release whose artifact this server holds. */
export class LinuxPlayerInstalls {
  constructor(private readonly d: Pick<InstallersDeps, 'playerReleases'>) {}

  async describe(origin: string): Promise<LinuxInstallable> {
    const release = await this.newest();
    return {
      platform: 'linux',
      versionName: release.versionName,
      versionCode: release.versionCode,
      sizeBytes: release.artifact.sizeBytes,
      sha256: release.artifact.sha256,
      artifactUrl: `${origin}${LINUX_ARTIFACT_PATH}`,
    };
  }

  async artifact(): Promise<FileToSend> {
    const release = await this.newest();
    return this.d.playerReleases.artifactFile(release, () => notCached('The cached Linux player artifact is no longer stored.'));
  }

  private async newest(): Promise<PlayerRelease> {
    const release = await this.d.playerReleases.newestInstallable('linux');
    if (!release) throw notCached('No verified Linux player release is cached on this server.');
    return release;
  }
}
