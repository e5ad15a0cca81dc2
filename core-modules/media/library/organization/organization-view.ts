import { Type, type Static } from '@sinclair/typebox';
import type { CollectionRow, FolderRow, TagRow } from './organization.models.js';
import { Uuid, Stamp } from '../../../../kernel/http/wire.js';

const Id = Uuid;
const Timestamp = Stamp;

export const FolderSchema = Type.Object({
  id: Id,
  // Absent at the top, as the reference answers it (its console's type has no null here).
  parentId: Type.Optional(Id),
  name: Type.String(),
  description: Type.String(),
  assetCount: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const CollectionSchema = Type.Object({
  id: Id,
  name: Type.String(),
  description: Type.String(),
  assetCount: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export const TagSchema = Type.Object({
  id: Id,
  name: Type.String(),
  color: Type.String({ pattern: '^#[0-9a-f]{6}$' }),
  assetCount: Type.Integer(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
});

export type FolderView = Static<typeof FolderSchema>;
export type CollectionView = Static<typeof CollectionSchema>;
export type TagView = Static<typeof TagSchema>;

export const folderView = (f: FolderRow): FolderView => ({
  id: f.id,
  ...(f.parent_id ? { parentId: f.parent_id } : {}),
  name: f.name,
  description: f.description,
  assetCount: Number(f.asset_count),
  createdAt: f.created_at.toISOString(),
  updatedAt: f.updated_at.toISOString(),
});

export const collectionView = (c: CollectionRow): CollectionView => ({
  id: c.id,
  name: c.name,
  description: c.description,
  assetCount: Number(c.asset_count),
  createdAt: c.created_at.toISOString(),
  updatedAt: c.updated_at.toISOString(),
});

export const tagView = (t: TagRow): TagView => ({
  id: t.id,
  name: t.name,
  color: t.color,
  assetCount: Number(t.asset_count),
  createdAt: t.created_at.toISOString(),
  updatedAt: t.updated_at.toISOString(),
});
