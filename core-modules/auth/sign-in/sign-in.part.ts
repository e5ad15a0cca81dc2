import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { AuthService } from './auth.service.js';
import { consoleSessionsRef } from '../auth.api.js';
import { ConsoleAuthenticator } from './console-authenticator.js';
import { consoleSessions } from './console-sessions.js';
import { KnownDevices } from './known-device.js';
import { sessionMiddleware } from './session-middleware.js';
import { SetupService } from './setup.service.js';
import type { SignInDeps } from './sign-in-deps.js';
import { SignInLimits } from './sign-in-limits.js';
import { authRoutes } from './sign-in.routes.js';

/** First-run setup, password sign-in with its second-factor step, sessions with CSRF, and the console authenticator. */
export const signInPart: ModulePart<SignInDeps> = (r) => {
  r.provide({
    authService: asFunction((d: SignInDeps) => new AuthService(d)).singleton(),
    setupService: asFunction((d: SignInDeps) => new SetupService(d)).singleton(),
    knownDevices: asClass(KnownDevices).singleton(),
    signInLimits: asClass(SignInLimits).singleton(),
  });
  r.middleware((deps, app) => sessionMiddleware(deps, app));
  r.authenticator(
    'console',
    (deps) =>
      new ConsoleAuthenticator({
        usersRepository: deps.usersRepository,
        sessionsRepository: deps.sessionsRepository,
        settingsService: deps.settingsService,
        publicOrigin: deps.config.publicUrl.origin,
      }),
  );
  // A console socket closes once its session is no longer signed in.
  r.export(consoleSessionsRef, asFunction(consoleSessions).singleton());
  r.routes(authRoutes);
  r.onStart(({ setupService }) => setupService.announce());
};
