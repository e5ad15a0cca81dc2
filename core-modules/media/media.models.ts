import { Model } from 'objection';
import { TableModel } from '../../kernel/db/table-model.js';
import type { AssetRow, VariantRow } from './assets.repository.js';
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
