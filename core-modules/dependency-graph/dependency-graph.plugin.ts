import { asClass } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin, routeFor } from '../../kernel/plugin.js';
import { dependencyGraphRef } from './dependency-graph.api.js';
import { DependencyGraph, GraphSchema } from './dependency-graph.js';

export interface DependencyGraphModuleDeps extends KernelDeps {
  dependencyGraph: DependencyGraph;
}

const route = routeFor<DependencyGraphModuleDeps>();

/**
 * What depends on what (media → playlists → screens, locations → screens, plugin instances →
 * their targets), assembled from what each module registers. Owns no tables.
 */
export const dependencyGraphModule = definePlugin<DependencyGraphModuleDeps>({
  name: 'dependency-graph',
  register(r) {
    r.export(dependencyGraphRef, asClass(DependencyGraph).singleton());
    r.routes([
      route({
        method: 'GET',
        path: '/api/v1/plugins/dependency-graph',
        operationId: 'getPluginDependencyGraph',
        summary: 'What depends on what: edges run from a dependency to its consumer',
        description: 'Deleted and archived items are left out, and so is every edge whose two ends are not both in the graph.',
        tags: ['plugins'],
        auth: { kind: 'console', access: 'signedIn' },
        response: { status: 200, schema: GraphSchema },
        handler: ({ deps }) => deps.dependencyGraph.build(),
      }),
    ]);
  },
});
