import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { ChallengesRepository } from '../factors/challenges.repository.js';
import type { FactorsRepository } from '../factors/factors.repository.js';
import type { OrganizationRepository } from '../organization/organization.repository.js';
import type { AuthService } from './auth.service.js';
import type { KnownDevices } from './known-device.js';
import type { SetupService } from './setup.service.js';
import type { SignInLimits } from './sign-in-limits.js';

export interface SignInDeps extends AuthBaseDeps {
  authService: AuthService;
  setupService: SetupService;
  knownDevices: KnownDevices;
  signInLimits: SignInLimits;
  /** The second-factor step checks the factors; setup creates the organization. */
  factorsRepository: FactorsRepository;
  challengesRepository: ChallengesRepository;
  organizationRepository: OrganizationRepository;
}
