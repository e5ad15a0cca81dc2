import type { PlayerConfigService } from './player-config.service.js';
import type { PlayerDownloadsService } from './player-downloads.service.js';
import type { PlayerManifestDeps } from './player-manifest-deps.js';

/** The whole player module's container, as its routes and start hooks see it. */
export interface PlayerDeps extends PlayerManifestDeps {
  playerDownloadsService: PlayerDownloadsService;
  playerConfigService: PlayerConfigService;
}
