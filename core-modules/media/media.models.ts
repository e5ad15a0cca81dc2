import { Model } from 'objection';
import { TableModel } from '../../kernel/db/table-model.js';
import type { AssetRow, VariantRow } from './assets.repository.js';

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
