import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import { organizationReader, userDirectory } from './organization-reader.js';
import { loadAuthConfig } from './auth-config.js';
import { authRoutes } from './auth.routes.js';
import { AuthService } from './auth.service.js';
import { authCommands } from './auth.commands.js';
import { authJobs } from './auth.jobs.js';
import { ChallengesRepository } from './challenges.repository.js';
import { ConsoleAuthenticator } from './console-authenticator.js';
import { FactorsRepository } from './factors.repository.js';
import { IntegrationAuthenticator } from './integration-authenticator.js';
import { integrationTokensRoutes } from './integration-tokens.routes.js';
import { IntegrationTokensRepository } from './integration-tokens.repository.js';
import { IntegrationTokensService } from './integration-tokens.service.js';
import { PreferencesService } from './preferences.js';
import { PreferencesRepository } from './preferences.repository.js';
import { preferencesRoutes } from './preferences.routes.js';
import { authSettings } from './mfa-policy.js';
import { OrganizationRepository } from './organization.repository.js';
import { passkeyLoginRoutes } from './passkey-login.routes.js';
import { PasskeyLoginService } from './passkey-login.service.js';
import { securityRoutes } from './security.routes.js';
import { SecurityService } from './security.service.js';
import { sessionMiddleware } from './session-middleware.js';
import { SessionsRepository } from './sessions.repository.js';
import { SetupService } from './setup.service.js';
import { KnownDevices } from './known-device.js';
import { SignInLimits } from './sign-in-limits.js';
import { usersRoutes } from './users.routes.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';
import type { AuthDeps } from './auth-deps.js';

/** Console sign-in (password, second factors, passkeys), sessions with CSRF, users and roles. */
export const authModule = definePlugin<AuthDeps>({
  name: 'auth',
  dependsOn: ['settings'],
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide(
      {
        authConfig: asFunction(({ config }: KernelDeps) => loadAuthConfig(config)).singleton(),
        usersRepository: asClass(UsersRepository).singleton(),
        sessionsRepository: asClass(SessionsRepository).singleton(),
        factorsRepository: asClass(FactorsRepository).singleton(),
        challengesRepository: asClass(ChallengesRepository).singleton(),
        organizationRepository: asClass(OrganizationRepository).singleton(),
        organization: asFunction(organizationReader).singleton(),
        userDirectory: asFunction(userDirectory).singleton(),
        authService: asFunction((deps: AuthDeps) => new AuthService(deps)).singleton(),
        setupService: asFunction((deps: AuthDeps) => new SetupService(deps)).singleton(),
        knownDevices: asClass(KnownDevices).singleton(),
        signInLimits: asClass(SignInLimits).singleton(),
        usersService: asFunction((deps: AuthDeps) => new UsersService(deps)).singleton(),
        securityService: asFunction((deps: AuthDeps) => new SecurityService(deps)).singleton(),
        passkeyLoginService: asFunction((deps: AuthDeps) => new PasskeyLoginService(deps)).singleton(),
        integrationTokensRepository: asClass(IntegrationTokensRepository).singleton(),
        integrationTokensService: asFunction((deps: AuthDeps) => new IntegrationTokensService(deps)).singleton(),
        preferencesRepository: asClass(PreferencesRepository).singleton(),
        preferencesService: asFunction((deps: AuthDeps) => new PreferencesService(deps)).singleton(),
      },
      { exports: ['organization', 'userDirectory'] },
    );
    r.middleware((deps, app) => sessionMiddleware(deps, app));
    r.authenticator('console', (deps) => new ConsoleAuthenticator(deps.usersRepository));
    r.authenticator('integration', (deps) => new IntegrationAuthenticator(deps.integrationTokensService));
    r.routes([...integrationTokensRoutes, ...preferencesRoutes]);
    r.routes([...authRoutes, ...usersRoutes]);
    r.routes([...securityRoutes, ...passkeyLoginRoutes]);
    r.jobs(authJobs);
    r.commands(authCommands);
    r.onStart(({ settingsService, authConfig }) => {
      settingsService.define(authSettings);
      void authConfig; // resolved here so a bad SESSION_TTL_MINUTES or WebAuthn setting stops the boot
    });
    r.onStart(async ({ secretBox, factorsRepository, setupService }) => {
      secretBox.register({ name: 'auth: authenticator app secrets', reseal: () => factorsRepository.resealTotpSecrets() });
      // Rows from before secrets were sealed; a no-op once done. Here rather than in a migration: migrations have no key.
      await factorsRepository.sealPlainTotpSecrets();
      await setupService.announce();
    });
  },
});
