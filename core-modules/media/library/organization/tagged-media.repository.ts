import type { KernelDeps } from '../../../../kernel/kernel.js';
import { AssetModel, AssetTagModel } from '../../media.models.js';
import { TagModel } from './organization.models.js';
import type { TaggedAsset, TagRef } from '../../media.api.js';

/** Ready media by tag, for playlists' tag rules (through `mediaLibrary`). */
export class TaggedMediaRepository {
  private readonly tagTable: typeof TagModel;
  private readonly assetTags: typeof AssetTagModel;
  private readonly assets: typeof AssetModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.tagTable = TagModel.bindKnex(db);
    this.assetTags = AssetTagModel.bindKnex(db);
    this.assets = AssetModel.bindKnex(db);
  }

  async tags(tagIds: string[]): Promise<TagRef[]> {
    if (tagIds.length === 0) return [];
    return this.tagTable.query().findByIds(tagIds).select('id', 'name', 'color').orderByRaw('lower(name), id').castTo<TagRef[]>();
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
