import type { TakeoverConsole } from './takeover-console.js';
import type { TakeoversBaseDeps } from './takeovers-base-deps.js';
import type { TakeoversService } from './takeovers.service.js';

/** The whole takeovers module's container. */
export interface TakeoversDeps extends TakeoversBaseDeps {
  takeoversService: TakeoversService;
  /** What the routes call: views, re-authentication, a user's cancel. */
  takeoverConsole: TakeoverConsole;
}
