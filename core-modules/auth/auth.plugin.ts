import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin, type ModulePart } from '../../kernel/plugin.js';
import { loadAuthConfig } from './auth-config.js';
import { authUses } from './auth-base-deps.js';
import type { AuthDeps } from './auth-deps.js';
import { authCommands } from './auth.commands.js';
import { authJobs } from './auth.jobs.js';
import { factorsPart } from './factors/factors.part.js';
import { integrationTokensPart } from './integration-tokens/integration-tokens.part.js';
import { authSettings } from './mfa-policy.js';
import { organizationPart } from './organization/organization.part.js';
import { preferencesPart } from './preferences/preferences.part.js';
import { SessionsRepository } from './sessions.repository.js';
import { signInPart } from './sign-in/sign-in.part.js';
import { usersPart } from './users/users.part.js';
import { UsersRepository } from './users.repository.js';

const parts = [organizationPart, integrationTokensPart, preferencesPart, signInPart, usersPart, factorsPart] as ModulePart<AuthDeps>[];

/**
 * Console sign-in (password, second factors, passkeys), sessions with CSRF, users and roles,
 * integration tokens, the organization and each user's preferences, each a part in its own folder.
 */
export const authModule = definePlugin<AuthDeps>({
  name: 'auth',
  dependsOn: ['settings'],
  uses: authUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      authConfig: asFunction(({ config }: KernelDeps) => loadAuthConfig(config)).singleton(),
      usersRepository: asClass(UsersRepository).singleton(),
      sessionsRepository: asClass(SessionsRepository).singleton(),
    });
    r.onStart(({ settingsService, authConfig }) => {
      settingsService.define(authSettings);
      void authConfig; // resolved here so a bad SESSION_TTL_MINUTES or WebAuthn setting stops the boot
    });
    for (const part of parts) part(r);
    r.jobs(authJobs);
    r.commands(authCommands);
  },
});
