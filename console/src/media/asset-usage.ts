/** What uses one asset, read from the dependency graph (edges run from a medium to its consumer). */
export interface AssetUseRef {
  type: string;
  id: string;
  name: string;
}

interface Graph {
  nodes: { id: string; type: string; name: string }[];
  edges: { fromType: string; fromId: string; toType: string; toId: string }[];
}

export function usesOf(graph: Graph, assetId: string): AssetUseRef[] {
  const names = new Map(graph.nodes.map((n) => [`${n.type}:${n.id}`, n.name]));
  const seen = new Set<string>();
  const uses: AssetUseRef[] = [];
  for (const e of graph.edges) {
    const key = `${e.toType}:${e.toId}`;
    if (e.fromType !== 'media' || e.fromId !== assetId || seen.has(key)) continue;
    seen.add(key);
    uses.push({ type: e.toType, id: e.toId, name: names.get(key) ?? e.toId });
  }
  return uses;
}
