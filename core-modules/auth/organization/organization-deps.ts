import type { OrganizationReader, UserDirectory } from '../auth.api.js';
import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { OrganizationRepository } from './organization.repository.js';

export interface OrganizationDeps extends AuthBaseDeps {
  organizationRepository: OrganizationRepository;
  organization: OrganizationReader;
  userDirectory: UserDirectory;
}
