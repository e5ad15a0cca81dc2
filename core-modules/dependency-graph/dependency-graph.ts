import { Type, type Static } from '@sinclair/typebox';
import type { KernelDeps } from '../../kernel/kernel.js';

export const GraphNodeSchema = Type.Object({
  id: Type.String(),
  type: Type.String({
    description:
      'Plural snake case: `media`, `playlists`, `screens`, `locations`; a plugin instance is `<plugin type>_instances` (e.g. `brand_bug_instances`).',
  }),
  name: Type.String(),
  allScreens: Type.Optional(Type.Boolean({ description: 'True for a plugin instance that targets every screen; no edge to each screen is drawn for it.' })),
});
export type GraphNode = Static<typeof GraphNodeSchema>;

export const GraphEdgeSchema = Type.Object({
  fromType: Type.String(),
  fromId: Type.String(),
  toType: Type.String(),
  toId: Type.String(),
  relationship: Type.String({ description: '`item`, `tag_rule`, `fallback`, `assigned`, `contains`, `targets`, …' }),
});
export type GraphEdge = Static<typeof GraphEdgeSchema>;

export const GraphSchema = Type.Object({ nodes: Type.Array(GraphNodeSchema), edges: Type.Array(GraphEdgeSchema) });
export type Graph = Static<typeof GraphSchema>;

/**
 * One module's part of the graph: its live items as nodes, and edges from what each of them
 * depends on to the item (a medium to the playlist that plays it). An edge may name a node of
 * another module; it is kept only when both ends are in the graph.
 */
export interface GraphContribution {
  /** The plugin contributing: skipped while it is not installed (its tables may not exist yet). */
  plugin: string;
  nodes(): Promise<GraphNode[]>;
  edges(): Promise<GraphEdge[]>;
}

const nodeKey = (type: string, id: string) => `${type}\u0000${id}`;
// Code-unit order rather than locale order: the same everywhere, so the answer is stable.
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const edgeKey = (e: GraphEdge) => [e.fromType, e.fromId, e.toType, e.toId, e.relationship].join('\u0000');

/**
 * What depends on what, across modules. No module may know the modules that point at its items
 * (media must not depend on playlists), so each one registers a contribution here, exported as
 * `dependencyGraph`, in its start hook.
 */
export class DependencyGraph {
  private readonly contributions: GraphContribution[] = [];

  constructor(private readonly d: Pick<KernelDeps, 'pluginInstallations'>) {}

  register(contribution: GraphContribution): void {
    this.contributions.push(contribution);
  }

  async build(): Promise<Graph> {
    const active: GraphContribution[] = [];
    for (const c of this.contributions) if (await this.d.pluginInstallations.isInstalled(c.plugin)) active.push(c);
    const parts = await Promise.all(active.map((c) => Promise.all([c.nodes(), c.edges()])));
    const nodes = new Map<string, GraphNode>();
    for (const [partNodes] of parts) for (const n of partNodes) nodes.set(nodeKey(n.type, n.id), n);
    const edges = new Map<string, GraphEdge>();
    for (const [, partEdges] of parts) {
      for (const e of partEdges) {
        if (nodes.has(nodeKey(e.fromType, e.fromId)) && nodes.has(nodeKey(e.toType, e.toId))) edges.set(edgeKey(e), e);
      }
    }
    // Stable order, so two reads of an unchanged graph are equal.
    return {
      nodes: [...nodes.values()].sort((a, b) => compare(a.type, b.type) || compare(a.name, b.name) || compare(a.id, b.id)),
      edges: [...edges.entries()].sort(([a], [b]) => compare(a, b)).map(([, e]) => e),
    };
  }
}
