import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { passwordCheckRef, type PasswordCheck } from '../auth.api.js';
import { verifyPassword } from '../passwords.js';
import { ChallengesRepository } from './challenges.repository.js';
import type { FactorsDeps } from './factors-deps.js';
import { FactorsRepository } from './factors.repository.js';
import { passkeyLoginRoutes } from './passkey-login.routes.js';
import { PasskeyLoginService } from './passkey-login.service.js';
import { securityRoutes } from './security.routes.js';
import { SecurityService } from './security.service.js';

/** Second factors (authenticator app, recovery codes, passkeys), their ceremonies, and signing in with a passkey. */
export const factorsPart: ModulePart<FactorsDeps> = (r) => {
  r.provide({
    factorsRepository: asClass(FactorsRepository).singleton(),
    challengesRepository: asClass(ChallengesRepository).singleton(),
    securityService: asFunction((d: FactorsDeps) => new SecurityService(d)).singleton(),
    passkeyLoginService: asFunction((d: FactorsDeps) => new PasskeyLoginService(d)).singleton(),
  });
  r.export(
    passwordCheckRef,
    asFunction(
      ({ usersRepository }: FactorsDeps): PasswordCheck => ({
        verify: async (userId, password) => {
          const user = await usersRepository.byId(userId);
          return verifyPassword(user?.active ? user.password_hash : undefined, password);
        },
      }),
    ).singleton(),
  );
  r.routes([...securityRoutes, ...passkeyLoginRoutes]);
  r.onStart(async ({ secretBox, factorsRepository }) => {
    secretBox.register({ name: 'auth: authenticator app secrets', reseal: () => factorsRepository.resealTotpSecrets() });
    // Rows from before secrets were sealed; a no-op once done. Here rather than in a migration: migrations have no key.
    await factorsRepository.sealPlainTotpSecrets();
  });
};
