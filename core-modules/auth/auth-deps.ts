import type { KernelDeps } from '../../kernel/kernel.js';
import type { OrganizationReader } from './auth.api.js';
import type { SettingsService } from '../settings/settings.api.js';
import type { AuthConfig } from './auth-config.js';
import type { AuthService } from './auth.service.js';
import type { ChallengesRepository } from './challenges.repository.js';
import type { FactorsRepository } from './factors.repository.js';
import type { IntegrationTokensRepository } from './integration-tokens.repository.js';
import type { IntegrationTokensService } from './integration-tokens.service.js';
import type { PreferencesService } from './preferences.js';
import type { PreferencesRepository } from './preferences.repository.js';
import type { OrganizationRepository } from './organization.repository.js';
import type { PasskeyLoginService } from './passkey-login.service.js';
import type { SecurityService } from './security.service.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UsersRepository } from './users.repository.js';
import type { UsersService } from './users.service.js';

export interface AuthDeps extends KernelDeps {
  settingsService: SettingsService;
  authConfig: AuthConfig;
  usersRepository: UsersRepository;
  sessionsRepository: SessionsRepository;
  factorsRepository: FactorsRepository;
  challengesRepository: ChallengesRepository;
  organizationRepository: OrganizationRepository;
  authService: AuthService;
  usersService: UsersService;
  securityService: SecurityService;
  passkeyLoginService: PasskeyLoginService;
  integrationTokensRepository: IntegrationTokensRepository;
  integrationTokensService: IntegrationTokensService;
  preferencesRepository: PreferencesRepository;
  preferencesService: PreferencesService;
  organization: OrganizationReader;
}
