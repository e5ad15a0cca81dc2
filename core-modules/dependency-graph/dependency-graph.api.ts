// The dependency graph's public face: modules contribute the nodes and edges they own.
export type { DependencyGraph, DependencyGraphDeps, GraphContribution, GraphEdge, GraphNode } from './dependency-graph.js';
