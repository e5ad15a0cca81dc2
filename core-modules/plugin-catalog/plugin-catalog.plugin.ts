import { asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import { catalogRoutes } from './catalog.routes.js';
import { CatalogService } from './catalog.service.js';

export interface PluginCatalogDeps extends KernelDeps {
  catalogService: CatalogService;
}

/**
 * The console's view of optional plugins: list, install, uninstall. Install state itself is the
 * kernel's (it gates routes and jobs); this module only presents and changes it.
 */
export const pluginCatalogModule = definePlugin<PluginCatalogDeps>({
  name: 'plugin-catalog',
  register(r) {
    r.provide({
      catalogService: asFunction((d: PluginCatalogDeps) => new CatalogService(d)).singleton(),
    });
    r.routes(catalogRoutes);
  },
});
