import type { ActivityBaseDeps } from './activity-base-deps.js';
import type { ProofOfPlayService } from './proof-of-play.service.js';

/** Proof of play, a layer of its own: the screen timeline reads through it. */
export interface ProofOfPlayDeps extends ActivityBaseDeps {
  proofOfPlayService: ProofOfPlayService;
}
