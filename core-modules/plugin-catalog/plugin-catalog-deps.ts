import type { KernelDeps } from '../../kernel/kernel.js';
import type { CatalogService } from './catalog.service.js';

export interface PluginCatalogDeps extends KernelDeps {
  catalogService: CatalogService;
}
