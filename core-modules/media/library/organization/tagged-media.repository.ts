import type { KernelDeps } from '../../../../kernel/kernel.js';
import { AssetModel, AssetTagModel } from '../../media.models.js';
import { TagModel } from './organization.models.js';
import type { TaggedAsset } from '../../media.api.js';

/** Ready media by tag, for playlists' tag rules (through `mediaLibrary`). */
export class TaggedMediaRepository {
  private readonly tags: typeof TagModel;
  private readonly assetTags: typeof AssetTagModel;
  private readonly assets: typeof AssetModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.tags = TagModel.bindKnex(db);
    this.assetTags = AssetTagModel.bindKnex(db);
    this.assets = AssetModel.bindKnex(db);
  }

  async existingTagIds(tagIds: string[]): Promise<string[]> {
    if (tagIds.length === 0) return [];
    const rows = await this.tags.query().findByIds(tagIds).select('id');
    return rows.map((r) => r.id);
  }

  /** Ready images and videos carrying any (or all) of the tags, by name then id. */
  async readyTagged(tagIds: string[], match: 'any' | 'all'): Promise<TaggedAsset[]> {
    if (tagIds.length === 0) return [];
    const tagged = this.assetTags.query().select('asset_id').whereIn('tag_id', tagIds).groupBy('asset_id');
    if (match === 'all') tagged.havingRaw('count(DISTINCT tag_id) = ?', [new Set(tagIds).size]);
    return this.assets
      .query()
      .select('id', 'name', 'type', 'duration_seconds as durationSeconds')
      .where('processing_status', 'ready')
      .whereIn('type', ['image', 'video'])
      .whereIn('id', tagged)
      .orderByRaw('lower(name), id')
      .castTo<TaggedAsset[]>();
  }
}
