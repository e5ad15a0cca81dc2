import { Model } from 'objection';
import { TableModel } from '../../kernel/db/table-model.js';
import type { AssetRow, VariantRow } from './assets.repository.js';
import type { CollectionRow, FolderRow, TagRow } from './library/organization.repository.js';
import type { WebsiteRow } from './library/websites.repository.js';
import type { UploadRow } from './uploads/upload-sessions.repository.js';

/** A row of `assets`: one file of the library (image, video) or a website. */
export class AssetModel extends TableModel {
  static override tableName = 'assets';

  static override get relationMappings() {
    return {
      variants: { relation: Model.HasManyRelation, modelClass: VariantModel, join: { from: 'assets.id', to: 'asset_variants.asset_id' } },
    };
  }
}
export interface AssetModel extends AssetRow {}

/** A row of `asset_variants`: one stored file of an asset (original, playback copy, thumbnail, poster). */
export class VariantModel extends TableModel {
  static override tableName = 'asset_variants';

  static override get relationMappings() {
    return {
      asset: { relation: Model.BelongsToOneRelation, modelClass: AssetModel, join: { from: 'asset_variants.asset_id', to: 'assets.id' } },
    };
  }
}
export interface VariantModel extends VariantRow {}

/** A row of `media_folders`: folders nest (`parent_id`); an asset is in at most one. */
export class FolderModel extends TableModel {
  static override tableName = 'media_folders';
}
export interface FolderModel extends Omit<FolderRow, 'asset_count'> {}

/** A row of `media_collections`: an asset may be in many. */
export class CollectionModel extends TableModel {
  static override tableName = 'media_collections';
}
export interface CollectionModel extends Omit<CollectionRow, 'asset_count'> {}

/** A row of `media_tags`. */
export class TagModel extends TableModel {
  static override tableName = 'media_tags';
}
export interface TagModel extends Omit<TagRow, 'asset_count'> {}

/** A row of `asset_tags`: one tag on one asset. */
export class AssetTagModel extends TableModel {
  static override tableName = 'asset_tags';
  static override idColumn = ['asset_id', 'tag_id'];
}
export interface AssetTagModel {
  asset_id: string;
  tag_id: string;
}

/** A row of `upload_sessions`: one resumable upload, from creation to its asset. */
export class UploadSessionModel extends TableModel {
  static override tableName = 'upload_sessions';
}
export interface UploadSessionModel extends UploadRow {}

/** A row of `asset_collections`: one asset in one collection. */
export class AssetCollectionModel extends TableModel {
  static override tableName = 'asset_collections';
  static override idColumn = ['asset_id', 'collection_id'];
}
export interface AssetCollectionModel {
  asset_id: string;
  collection_id: string;
}

/** A row of `website_assets`: what a website asset shows and how (one per website asset). */
export class WebsiteModel extends TableModel {
  static override tableName = 'website_assets';
  static override idColumn = 'asset_id';
}
export interface WebsiteModel extends WebsiteRow {}
