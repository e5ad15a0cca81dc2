import type { GraphContribution, GraphEdge } from '../../core-modules/dependency-graph/dependency-graph.api.js';
import { instanceNodeType } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { InstanceStore } from '../../core-modules/plugin-catalog/plugin-catalog.api.js';
import type { BrandBugSettings } from './brand-bug.fields.js';

/** The kit's brand bugs and their targets, plus an edge from each logo to the brand bugs showing it. */
export function brandBugGraph(instances: GraphContribution, store: InstanceStore<BrandBugSettings>): GraphContribution {
  return {
    ...instances,
    edges: async () => {
      const logos = (await store.list()).flatMap((row): GraphEdge[] =>
        row.settings.imageAssetId
          ? [{ fromType: 'media', fromId: row.settings.imageAssetId, toType: instanceNodeType('brand_bug'), toId: row.id, relationship: 'logo' }]
          : [],
      );
      return [...(await instances.edges()), ...logos];
    },
  };
}
