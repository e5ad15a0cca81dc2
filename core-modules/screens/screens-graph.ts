import type { Knex } from 'knex';
import type { GraphContribution } from '../dependency-graph/dependency-graph.api.js';

/** The screens module's part of the dependency graph: screens, locations, and which location holds each screen. */
export function screensGraph(db: Knex): GraphContribution {
  return {
    plugin: 'screens',
    async nodes() {
      const [screens, locations] = await Promise.all([
        db('screens').select('id', 'name') as Promise<{ id: string; name: string }[]>,
        db('locations').select('id', 'name') as Promise<{ id: string; name: string }[]>,
      ]);
      return [...screens.map((s) => ({ id: s.id, type: 'screens', name: s.name })), ...locations.map((l) => ({ id: l.id, type: 'locations', name: l.name }))];
    },
    async edges() {
      const rows: { id: string; location_id: string }[] = await db('screens').whereNotNull('location_id').select('id', 'location_id');
      return rows.map((r) => ({ fromType: 'locations', fromId: r.location_id, toType: 'screens', toId: r.id, relationship: 'contains' }));
    },
  };
}
