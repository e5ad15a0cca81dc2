import type { GraphContribution } from '../dependency-graph/dependency-graph.api.js';
import type { SchedulesBaseDeps } from './schedules-base-deps.js';

/** Schedules in the dependency graph: a playlist feeds the schedule that plays it; a schedule targets screens and groups. */
export function schedulesGraph(d: Pick<SchedulesBaseDeps, 'schedulesRepository'>): GraphContribution {
  return {
    plugin: 'schedules',
    nodes: async () => (await d.schedulesRepository.all()).map((s) => ({ id: s.id, type: 'schedules', name: s.name })),
    edges: async () => [
      ...(await d.schedulesRepository.all()).flatMap((s) =>
        // Only playlists are in the graph so far; other kinds join it with their owners' nodes.
        s.content_type === 'playlist' && s.content_id
          ? [{ fromType: 'playlists', fromId: s.content_id, toType: 'schedules', toId: s.id, relationship: 'scheduled' }]
          : [],
      ),
      ...(await d.schedulesRepository.allTargets()).map((t) => ({
        fromType: 'schedules',
        fromId: t.schedule_id,
        toType: t.target_type === 'screen' ? 'screens' : 'screen_groups',
        toId: t.target_id,
        relationship: 'targets',
      })),
    ],
  };
}
