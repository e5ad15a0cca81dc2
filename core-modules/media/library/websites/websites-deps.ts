import type { WebsitesBaseDeps } from './websites-base-deps.js';
import type { WebsitesService } from './websites.service.js';

export interface WebsitesDeps extends WebsitesBaseDeps {
  websitesService: WebsitesService;
}
