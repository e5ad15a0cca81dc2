import { asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { catalogRoutes } from './catalog.routes.js';
import { CatalogService } from './catalog.service.js';
import type { PluginCatalogDeps } from './plugin-catalog-deps.js';

/**
 * The console's view of optional plugins: list, install, uninstall. Install state itself is the
 * kernel's (it gates routes and jobs); this module only presents and changes it.
 */
export const pluginCatalogModule = definePlugin<PluginCatalogDeps>({
  name: 'plugin-catalog',
  // The instance kit (plugin-catalog.api.ts) targets screens, feeds the manifest and the graph.
  dependsOn: ['screens', 'player', 'dependency-graph'],
  register(r) {
    r.provide({
      catalogService: asFunction((d: PluginCatalogDeps) => new CatalogService(d)).singleton(),
    });
    r.routes(catalogRoutes);
  },
});
