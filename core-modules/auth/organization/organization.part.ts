import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { organizationRef, userDirectoryRef } from '../auth.api.js';
import type { OrganizationDeps } from './organization-deps.js';
import { organizationReader, userDirectory } from './organization-reader.js';
import { OrganizationRepository } from './organization.repository.js';

/** The installation's organization and the user directory, as other modules read them (the module's exports). */
export const organizationPart: ModulePart<OrganizationDeps> = (r) => {
  r.provide({ organizationRepository: asClass(OrganizationRepository).singleton() });
  r.export(organizationRef, asFunction(organizationReader).singleton());
  r.export(userDirectoryRef, asFunction(userDirectory).singleton());
};
