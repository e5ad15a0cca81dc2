import type { Storage } from '../../kernel/storage/storage.js';
import { storedFile } from '../../kernel/storage/stored-file.js';
import type { PlayerReleases } from './player-releases.api.js';
import type { PlayerReleasesConfig } from './player-releases-config.js';
import { ARTIFACT_TYPES, releaseKey } from './release-files.js';
import type { ReleaseUses } from './release-uses.js';
import { faceView } from './release-view.js';
import type { ReleasesRepository } from './releases.repository.js';

/** What other modules read of the releases (the `playerReleases` export). */
export function playerReleasesFace(d: {
  storage: Storage;
  playerReleasesConfig: PlayerReleasesConfig;
  releasesRepository: ReleasesRepository;
  releaseUses: ReleaseUses;
}): PlayerReleases {
  return {
    async get(id, trx) {
      const row = await d.releasesRepository.byId(id, trx);
      return row && faceView(row);
    },
    async newestInstallable(platform, trx) {
      const row = await d.releasesRepository.newestInstallable(platform, trx);
      return row && faceView(row);
    },
    artifactFile(release, missing) {
      if (!release.verified) throw missing();
      const { fileName, sizeBytes, sha256 } = release.artifact;
      return storedFile(
        d.storage,
        releaseKey(release.id, fileName),
        { size: sizeBytes, sha256, mimeType: ARTIFACT_TYPES[release.platform], lastModified: release.createdAt, filename: fileName },
        missing,
      );
    },
    registerUse: (check) => d.releaseUses.register(check),
    manifestKeyConfigured: Boolean(d.playerReleasesConfig.manifestKey),
  };
}
