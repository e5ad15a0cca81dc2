import type { ManifestService } from './manifest.service.js';
import type { PlayerSourcesDeps } from './player-sources-deps.js';

/** The manifest service, a layer of its own: the downloads service checks files against its manifests. */
export interface PlayerManifestDeps extends PlayerSourcesDeps {
  manifestService: ManifestService;
}
