import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { IntegrationTokensRepository } from './integration-tokens.repository.js';

/** The tokens' table, below the service that keeps it. */
export interface IntegrationTokensBaseDeps extends AuthBaseDeps {
  integrationTokensRepository: IntegrationTokensRepository;
}
