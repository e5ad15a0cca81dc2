import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { IntegrationTokensRepository } from './integration-tokens.repository.js';
import type { IntegrationTokensService } from './integration-tokens.service.js';

export interface IntegrationTokensDeps extends AuthBaseDeps {
  integrationTokensRepository: IntegrationTokensRepository;
  integrationTokensService: IntegrationTokensService;
}
