import { asClass } from 'awilix';
import type { ModulePart } from '../../../../kernel/plugin.js';
import { BulkOrganizeService } from './bulk-organize.service.js';
import type { OrganizationDeps } from './organization-deps.js';
import { organizationRoutes } from './organization.routes.js';
import { ContentOrganizationService } from './organization.service.js';

/** Folders, collections and tags, and putting many assets in them at once. */
export const organizationPart: ModulePart<OrganizationDeps> = (r) => {
  r.provide({
    contentOrganizationService: asClass(ContentOrganizationService).singleton(),
    bulkOrganizeService: asClass(BulkOrganizeService).singleton(),
  });
  r.routes(organizationRoutes);
};
