import type { Knex } from 'knex';
import type { TaggedAsset } from '../media.api.js';

/** Ready media by tag, for playlists' tag rules (through `mediaLibrary`). */
export class TaggedMediaRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  async existingTagIds(tagIds: string[]): Promise<string[]> {
    if (tagIds.length === 0) return [];
    const rows = await this.db('media_tags').whereIn('id', tagIds).select('id');
    return rows.map((r: { id: string }) => r.id);
  }

  /** Ready images and videos carrying any (or all) of the tags, by name then id. */
  async readyTagged(tagIds: string[], match: 'any' | 'all'): Promise<TaggedAsset[]> {
    if (tagIds.length === 0) return [];
    const tagged = this.db('asset_tags').select('asset_id').whereIn('tag_id', tagIds).groupBy('asset_id');
    if (match === 'all') tagged.havingRaw('count(DISTINCT tag_id) = ?', [new Set(tagIds).size]);
    return this.db('assets')
      .select('id', 'name', 'type', 'duration_seconds as durationSeconds')
      .where('processing_status', 'ready')
      .whereIn('type', ['image', 'video'])
      .whereIn('id', tagged)
      .orderByRaw('lower(name), id');
  }
}
