import { Model } from 'objection';
import { TableModel } from '../../kernel/db/table-model.js';
import type { AssetStatus, AssetType, VariantKind } from './media-types.js';

export interface AssetRow {
  id: string;
  name: string;
  description: string;
  type: AssetType;
  original_filename: string | null;
  declared_mime_type: string | null;
  detected_mime_type: string | null;
  sha256: string | null;
  original_size: number | null;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  frame_rate: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  audio_channels: number | null;
  metadata: Record<string, unknown>;
  processing_status: AssetStatus;
  processing_progress: number | null;
  error_code: string | null;
  error_message: string | null;
  folder_id: string | null;
  created_by: string | null;
  available_from: Date | null;
  expires_at: Date | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface VariantRow {
  id: string;
  asset_id: string;
  kind: VariantKind;
  storage_key: string;
  mime_type: string;
  file_size: number;
  sha256: string;
  width: number | null;
  height: number | null;
  duration_seconds: number | null;
  frame_rate: number | null;
  video_codec: string | null;
  audio_codec: string | null;
  player_compatible: boolean;
  created_at: Date;
}

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

/** A row of `asset_collections`: one asset in one collection. */
export class AssetCollectionModel extends TableModel {
  static override tableName = 'asset_collections';
  static override idColumn = ['asset_id', 'collection_id'];
}
export interface AssetCollectionModel {
  asset_id: string;
  collection_id: string;
}
