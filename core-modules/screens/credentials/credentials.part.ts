import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { accessRoutes } from './access.routes.js';
import { CredentialCache } from './credential-cache.js';
import { CredentialChangesRepository } from './credential-changes.repository.js';
import { CredentialsRepository } from './credentials.repository.js';
import { DeviceAuthenticator } from './device-authenticator.js';
import { ScreenAccessService } from './screen-access.service.js';
import type { CredentialsDeps } from './credentials-deps.js';

/**
 * The device credential: the player route authenticator with its cache, kept right across server
 * processes by a change feed; disable, enable and revoke.
 */
export const credentialsPart: ModulePart<CredentialsDeps> = (r) => {
  r.provide({
    credentialsRepository: asClass(CredentialsRepository).singleton(),
    credentialChangesRepository: asFunction((d: CredentialsDeps) => new CredentialChangesRepository(d)).singleton(),
    credentialCache: asFunction((d: CredentialsDeps) => new CredentialCache(d)).singleton(),
    screenAccessService: asFunction((d: CredentialsDeps) => new ScreenAccessService(d)).singleton(),
  });
  r.authenticator('player', (d) => new DeviceAuthenticator(d));
  r.routes(accessRoutes);
  r.onStop(({ credentialChangesRepository }) => credentialChangesRepository.close());
};
