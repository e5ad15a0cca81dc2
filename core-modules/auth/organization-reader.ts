import type { Organization, OrganizationReader } from './auth.api.js';
import type { OrganizationRepository } from './organization.repository.js';

/** The organization row as other modules read it (exported as `organization`). */
export function organizationReader({ organizationRepository }: { organizationRepository: OrganizationRepository }): OrganizationReader {
  return {
    async get(): Promise<Organization> {
      const row = await organizationRepository.get();
      return { installationId: row.installation_id, name: row.name, pairingEnabled: row.pairing_enabled };
    },
  };
}
