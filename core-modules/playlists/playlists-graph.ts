import type { GraphContribution, GraphEdge } from '../dependency-graph/dependency-graph.api.js';
import type { PlaylistsBaseDeps } from './playlists-base-deps.js';
import type { TagRule } from './playlists.models.js';

/**
 * The playlists module's part of the dependency graph: playlists, the media they play (manual
 * items, and what an enabled tag rule selects now, published or in their draft: a draft's content
 * is needed to publish it) and the screens assigned to them. Read-only queries over this module's own tables.
 */
export function playlistsGraph(d: Pick<PlaylistsBaseDeps, 'db' | 'mediaLibrary'>): GraphContribution {
  const { db } = d;
  return {
    plugin: 'playlists',
    async nodes() {
      const rows: { id: string; name: string }[] = await db('playlists').select('id', 'name');
      return rows.map((r) => ({ id: r.id, type: 'playlists', name: r.name }));
    },
    async edges() {
      const [items, assignments, rules] = await Promise.all([
        db('playlist_items')
          .whereNotNull('asset_id')
          .select('playlist_id', 'asset_id')
          .union(db('playlist_draft_items').whereNotNull('asset_id').select('playlist_id', 'asset_id')) as Promise<{ playlist_id: string; asset_id: string }[]>,
        db('screen_playlist_assignments').where({ content_type: 'playlist' }).select('content_id', 'screen_id') as Promise<
          { content_id: string; screen_id: string }[]
        >,
        db('playlists')
          .whereRaw(`(tag_rule->>'enabled')::boolean`)
          .select('id', 'tag_rule')
          .unionAll(db('playlist_drafts').whereRaw(`(tag_rule->>'enabled')::boolean`).select('playlist_id as id', 'tag_rule')) as Promise<
          { id: string; tag_rule: TagRule }[]
        >,
      ]);
      const edges: GraphEdge[] = items.map((i) => ({ fromType: 'media', fromId: i.asset_id, toType: 'playlists', toId: i.playlist_id, relationship: 'item' }));
      // One query per rule: few playlists have one, and the rule's own query decides what it selects.
      const tagged = new Set<string>();
      for (const p of rules) {
        for (const a of await d.mediaLibrary.readyTagged(p.tag_rule.tagIds, p.tag_rule.match)) {
          if (tagged.has(`${a.id}:${p.id}`)) continue;
          tagged.add(`${a.id}:${p.id}`);
          edges.push({ fromType: 'media', fromId: a.id, toType: 'playlists', toId: p.id, relationship: 'tag_rule' });
        }
      }
      for (const a of assignments) edges.push({ fromType: 'playlists', fromId: a.content_id, toType: 'screens', toId: a.screen_id, relationship: 'assigned' });
      return edges;
    },
  };
}
