// The dependency graph's public face: modules contribute the nodes and edges they own.
import { exportRef } from '../../kernel/export-ref.js';
import type { GraphContribution } from './dependency-graph.js';

export type { GraphContribution, GraphEdge, GraphNode } from './dependency-graph.js';

/** What other modules do with the graph: add their part of it (in a start hook). Reading it is the graph's own route. */
export interface GraphContributions {
  register(contribution: GraphContribution): void;
}

export const dependencyGraphRef = exportRef<GraphContributions>('dependency-graph', 'dependencyGraph');
