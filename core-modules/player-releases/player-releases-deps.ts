import type { KernelDeps } from '../../kernel/kernel.js';
import type { CodehostClient } from './codehost-client.js';
import type { CodehostSignIn } from './codehost-sign-in.js';
import type { PlayerReleasesConfig } from './player-releases-config.js';
import type { ReleaseCache } from './release-cache.js';
import type { ReleaseCatalog } from './release-catalog.js';
import type { ReleaseRemoval } from './release-removal.js';
import type { ReleaseUpload } from './release-upload.js';
import type { ReleaseUses } from './release-uses.js';
import type { ReleasesRepository } from './releases.repository.js';

/** The player releases module's container. It uses no other module. */
export interface PlayerReleasesDeps extends KernelDeps {
  playerReleasesConfig: PlayerReleasesConfig;
  releasesRepository: ReleasesRepository;
  releaseUses: ReleaseUses;
  codehostClient: CodehostClient;
  codehostSignIn: CodehostSignIn;
  releaseCatalog: ReleaseCatalog;
  releaseCache: ReleaseCache;
  releaseUpload: ReleaseUpload;
  releaseRemoval: ReleaseRemoval;
}
