import type { KnownDevicesDeps } from './known-devices-deps.js';
import type { SignInLimits } from './sign-in-limits.js';

/** The sign-in limits, a layer of their own: password sign-in goes through them. */
export interface SignInLimitsDeps extends KnownDevicesDeps {
  signInLimits: SignInLimits;
}
