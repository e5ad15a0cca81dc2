import { TableModel } from '../../../../kernel/db/table-model.js';

export interface FolderRow {
  id: string;
  parent_id: string | null;
  name: string;
  description: string;
  asset_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface CollectionRow {
  id: string;
  name: string;
  description: string;
  asset_count: number;
  created_at: Date;
  updated_at: Date;
}

export interface TagRow {
  id: string;
  name: string;
  color: string;
  asset_count: number;
  created_at: Date;
  updated_at: Date;
}

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
