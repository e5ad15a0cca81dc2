import type { LibraryBaseDeps } from '../library-base-deps.js';
import type { BulkOrganizeService } from './bulk-organize.service.js';
import type { ContentOrganizationService } from './organization.service.js';

export interface OrganizationDeps extends LibraryBaseDeps {
  contentOrganizationService: ContentOrganizationService;
  bulkOrganizeService: BulkOrganizeService;
}
