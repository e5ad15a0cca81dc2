import type { GraphContribution, GraphEdge, GraphNode } from '../../dependency-graph/dependency-graph.api.js';
import type { InstanceStore } from './instance-store.js';

/** Node type of a plugin's instances, plural like the graph's other types: `brand_bug_instances`. */
export const instanceNodeType = (type: string) => `${type}_instances`;

/**
 * A plugin's instances in the dependency graph, with an edge (`targets`) from each instance to
 * every screen, location or sync group it targets: those screens show it. An instance for `all`
 * screens gets `allScreens` instead of one edge per screen of the fleet. Registered by the plugin
 * itself (it depends on `dependency-graph`), and skipped while the plugin is not installed.
 */
export function instanceGraph<S>(store: InstanceStore<S>, kind: { plugin: string; type: string }): GraphContribution {
  const type = instanceNodeType(kind.type);
  return {
    plugin: kind.plugin,
    async nodes() {
      return (await store.list()).map((row): GraphNode => ({ id: row.id, type, name: row.name, ...(row.target_scope === 'all' ? { allScreens: true } : {}) }));
    },
    async edges() {
      return (await store.list()).flatMap((row): GraphEdge[] =>
        row.target_scope === 'all'
          ? []
          : row.target_ids.map((id) => ({ fromType: type, fromId: row.id, toType: row.target_scope, toId: id, relationship: 'targets' })),
      );
    },
  };
}
