import type { OrganizationReader, UserDirectory } from '../auth.api.js';
import type { AuthBaseDeps } from '../auth-base-deps.js';

export interface OrganizationDeps extends AuthBaseDeps {
  organization: OrganizationReader;
  userDirectory: UserDirectory;
}
