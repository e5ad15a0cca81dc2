import type { Knex } from 'knex';
import type { GraphContribution } from '../../dependency-graph/dependency-graph.api.js';
import { HIDDEN_STATUSES } from './assets-query.repository.js';

/**
 * The media library's part of the dependency graph: every asset the library lists as live (not
 * deleting or deleted, not archived, not past its expiry), and an edge from the image a website
 * falls back to. Read-only queries over media's own tables, kept here so the graph's rules sit
 * in one place.
 */
export function mediaGraph(db: Knex): GraphContribution {
  return {
    plugin: 'media',
    async nodes() {
      const rows: { id: string; name: string }[] = await db('assets')
        .whereNotIn('processing_status', HIDDEN_STATUSES)
        .whereNull('archived_at')
        .where((w) => w.whereNull('expires_at').orWhere('expires_at', '>', db.fn.now()))
        .select('id', 'name');
      return rows.map((r) => ({ id: r.id, type: 'media', name: r.name }));
    },
    // Any fallback image counts, as for the asset-in-use check (the website may switch to it later).
    async edges() {
      const rows: { image: string; website: string }[] = await db('website_assets')
        .whereNotNull('fallback_image_asset_id')
        .select('fallback_image_asset_id as image', 'asset_id as website');
      return rows.map((r) => ({ fromType: 'media', fromId: r.image, toType: 'media', toId: r.website, relationship: 'fallback' }));
    },
  };
}
