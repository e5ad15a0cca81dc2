import type { FactorsDeps } from './factors/factors-deps.js';
import type { IntegrationTokensDeps } from './integration-tokens/integration-tokens-deps.js';
import type { OrganizationDeps } from './organization/organization-deps.js';
import type { PreferencesDeps } from './preferences/preferences-deps.js';
import type { SignInDeps } from './sign-in/sign-in-deps.js';
import type { UsersDeps } from './users/users-deps.js';

/** The whole auth module's container. */
export type AuthDeps = SignInDeps & UsersDeps & FactorsDeps & IntegrationTokensDeps & OrganizationDeps & PreferencesDeps;
