import type { PasswordSignInDeps } from '../sign-in/password-sign-in-deps.js';
import type { PasskeyLoginService } from './passkey-login.service.js';
import type { SecurityService } from './security.service.js';

/** A passkey sign-in ends as a password sign-in does: a session, and the known-device cookie. */
export interface FactorsDeps extends PasswordSignInDeps {
  securityService: SecurityService;
  passkeyLoginService: PasskeyLoginService;
}
