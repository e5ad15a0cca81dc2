import type { IntegrationTokensBaseDeps } from './integration-tokens-base-deps.js';
import type { IntegrationTokensService } from './integration-tokens.service.js';

export interface IntegrationTokensDeps extends IntegrationTokensBaseDeps {
  integrationTokensService: IntegrationTokensService;
}
