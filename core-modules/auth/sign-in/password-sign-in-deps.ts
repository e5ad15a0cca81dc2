import type { AuthService } from './auth.service.js';
import type { SignInLimitsDeps } from './sign-in-limits-deps.js';

/** Password sign-in, a layer of its own: setup and passkey sign-in end as it does. */
export interface PasswordSignInDeps extends SignInLimitsDeps {
  authService: AuthService;
}
