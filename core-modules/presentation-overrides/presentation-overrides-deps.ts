import type { PresentationOverridesBaseDeps } from './presentation-overrides-base-deps.js';
import type { PresentationOverridesService } from './presentation-overrides.service.js';

/** The whole quick present module's container. */
export interface PresentationOverridesDeps extends PresentationOverridesBaseDeps {
  presentationOverridesService: PresentationOverridesService;
}
