import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { IntegrationAuthenticator } from './integration-authenticator.js';
import type { IntegrationTokensDeps } from './integration-tokens-deps.js';
import { IntegrationTokensRepository } from './integration-tokens.repository.js';
import { integrationTokensRoutes } from './integration-tokens.routes.js';
import { IntegrationTokensService } from './integration-tokens.service.js';

/** `svci_` tokens for integrations, and the authenticator of routes that take them. */
export const integrationTokensPart: ModulePart<IntegrationTokensDeps> = (r) => {
  r.provide({
    integrationTokensRepository: asClass(IntegrationTokensRepository).singleton(),
    integrationTokensService: asFunction((d: IntegrationTokensDeps) => new IntegrationTokensService(d)).singleton(),
  });
  r.authenticator('integration', (deps) => new IntegrationAuthenticator(deps.integrationTokensService));
  r.routes(integrationTokensRoutes);
};
