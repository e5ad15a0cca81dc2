import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { AuthService } from '../sign-in/auth.service.js';
import type { KnownDevices } from '../sign-in/known-device.js';
import type { ChallengesRepository } from './challenges.repository.js';
import type { FactorsRepository } from './factors.repository.js';
import type { PasskeyLoginService } from './passkey-login.service.js';
import type { SecurityService } from './security.service.js';

export interface FactorsDeps extends AuthBaseDeps {
  factorsRepository: FactorsRepository;
  challengesRepository: ChallengesRepository;
  securityService: SecurityService;
  passkeyLoginService: PasskeyLoginService;
  /** A passkey sign-in ends as a password sign-in does: a session, and the known-device cookie. */
  authService: AuthService;
  knownDevices: KnownDevices;
}
