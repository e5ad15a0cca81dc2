import type { GraphContribution } from '../dependency-graph/dependency-graph.api.js';
import type { ScreenGroupsBaseDeps } from './screen-groups-base-deps.js';

/** Groups in the dependency graph: a playlist feeds the group that plays it; a group holds its screens. */
export function screenGroupsGraph(d: Pick<ScreenGroupsBaseDeps, 'groupsRepository'>): GraphContribution {
  return {
    plugin: 'screen-groups',
    nodes: async () => (await d.groupsRepository.all()).map((g) => ({ id: g.id, type: 'screen_groups', name: g.name })),
    edges: async () => [
      ...(await d.groupsRepository.all()).flatMap((g) =>
        // Only playlists are in the graph so far; other kinds join it with their owners' nodes.
        g.content_type === 'playlist' && g.content_id
          ? [{ fromType: 'playlists', fromId: g.content_id, toType: 'screen_groups', toId: g.id, relationship: 'assigned' }]
          : [],
      ),
      ...(await d.groupsRepository.allMembers()).map((m) => ({
        fromType: 'screen_groups',
        fromId: m.group_id,
        toType: 'screens',
        toId: m.screen_id,
        relationship: 'contains',
      })),
    ],
  };
}
