import type { AssetsDeps } from './assets/assets-deps.js';
import type { OrganizationDeps } from './organization/organization-deps.js';
import type { WebsitesDeps } from './websites/websites-deps.js';

/** The whole library's container. */
export type LibraryDeps = AssetsDeps & OrganizationDeps & WebsitesDeps;
