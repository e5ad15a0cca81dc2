/**
 * An asset's type: media's own are `image`, `video` and `website`; a module owning another
 * (`widget`, later) stores its assets with it and registers how they play (playableTypes).
 */
export type AssetType = string;
export const ASSET_TYPE_PATTERN = '^[a-z][a-z_]{0,39}$';

export const ASSET_STATUSES = ['queued', 'inspecting', 'processing', 'ready', 'failed', 'deleting', 'deleted'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const VARIANT_KINDS = ['original', 'playback', 'thumbnail', 'poster'] as const;
export type VariantKind = (typeof VARIANT_KINDS)[number];

/** Allowed status changes; anything else is a bug or a race and is refused by the repository. */
export const STATUS_TRANSITIONS: Record<AssetStatus, readonly AssetStatus[]> = {
  queued: ['inspecting', 'processing', 'failed', 'deleting'],
  inspecting: ['processing', 'ready', 'failed', 'deleting', 'queued'],
  processing: ['ready', 'failed', 'deleting', 'queued'],
  ready: ['deleting', 'queued'],
  failed: ['queued', 'deleting'],
  deleting: ['deleted', 'failed'],
  deleted: [],
};

/** Storage keys: never shown to clients. */
export const storageKeys = {
  upload: (uploadId: string) => `uploads/${uploadId}.part`,
  variant: (assetId: string, kind: VariantKind, ext: string) => `assets/${assetId}/${kind}${ext}`,
};
