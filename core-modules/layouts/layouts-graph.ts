import type { GraphContribution } from '../dependency-graph/dependency-graph.api.js';
import type { LayoutsRepository } from './layouts.repository.js';

// The graph's node types for what a published layout names (widgets are media too).
const FROM_TYPE: Record<string, string> = { asset: 'media', widget: 'media', playlist: 'playlists', data_source: 'data_sources' };

/** The layouts module's part of the dependency graph: layouts, and what their published revisions name. */
export function layoutsGraph(repository: LayoutsRepository): GraphContribution {
  return {
    plugin: 'layouts',
    async nodes() {
      return (await repository.graph()).layouts.map((l) => ({ id: l.id, type: 'layouts', name: l.name }));
    },
    async edges() {
      return (await repository.graph()).edges.map((e) => ({
        fromType: FROM_TYPE[e.type] ?? e.type,
        fromId: e.id,
        toType: 'layouts',
        toId: e.layout_id,
        relationship: e.type === 'playlist' ? 'zone' : 'contains',
      }));
    },
  };
}
