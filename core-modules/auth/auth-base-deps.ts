import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { AuthConfig } from './auth-config.js';
import type { ChallengesRepository } from './factors/challenges.repository.js';
import type { FactorsRepository } from './factors/factors.repository.js';
import type { OrganizationRepository } from './organization/organization.repository.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UsersRepository } from './users.repository.js';

export const authUses = { settingsService: settingsServiceRef };

/**
 * What every part of the auth module can use: the accounts, their sessions and second factors, and
 * the organization (sign-in, setup, users and factors all read them). Each part extends it; services
 * sit in the parts' deps, above what they take, so no service's own deps file names it.
 */
export interface AuthBaseDeps extends KernelDeps, UsedDeps<typeof authUses> {
  authConfig: AuthConfig;
  usersRepository: UsersRepository;
  sessionsRepository: SessionsRepository;
  factorsRepository: FactorsRepository;
  challengesRepository: ChallengesRepository;
  organizationRepository: OrganizationRepository;
}
