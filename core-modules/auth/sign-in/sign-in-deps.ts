import type { PasswordSignInDeps } from './password-sign-in-deps.js';
import type { SetupService } from './setup.service.js';

export interface SignInDeps extends PasswordSignInDeps {
  setupService: SetupService;
}
