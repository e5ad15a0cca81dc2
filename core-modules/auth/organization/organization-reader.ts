import type { DirectoryUser, Organization, OrganizationReader, UserDirectory } from '../auth.api.js';
import type { UserRow } from '../auth.models.js';
import type { AuthBaseDeps } from '../auth-base-deps.js';

/** The organization row as other modules read it (exported as `organization`). */
export function organizationReader({ organizationRepository }: Pick<AuthBaseDeps, 'organizationRepository'>): OrganizationReader {
  return {
    async get(): Promise<Organization> {
      const row = await organizationRepository.get();
      return { installationId: row.installation_id, name: row.name, pairingEnabled: row.pairing_enabled };
    },
  };
}

const directoryUser = (u: UserRow): DirectoryUser => ({ id: u.id, name: u.name, username: u.username, role: u.role, active: u.active });

/** The users as other modules read them (exported as `userDirectory`). */
export function userDirectory({ usersRepository }: Pick<AuthBaseDeps, 'usersRepository'>): UserDirectory {
  return {
    search: async (search, limit) => (await usersRepository.search(search, limit)).map(directoryUser),
    byIds: async (ids) => (await usersRepository.byIds(ids)).map(directoryUser),
    withRoles: async (roles) => (await usersRepository.withRoles(roles)).map(directoryUser),
  };
}
