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
const OFFSET_DIGITS = 16;

export const storageKeys = {
  /** The folder of an unfinished upload's stored bytes, one object per stretch. */
  uploadSegments: (uploadId: string) => `uploads/${uploadId}/`,
  /** The stretch of an upload's bytes that starts at `offset` (zero-padded, so keys sort by it). */
  uploadSegment: (uploadId: string, offset: number) => `uploads/${uploadId}/${String(offset).padStart(OFFSET_DIGITS, '0')}`,
  segmentOffset: (key: string): number | undefined => {
    const digits = /\/(\d{16})$/.exec(key)?.[1];
    return digits === undefined ? undefined : Number(digits);
  },
  /** Where earlier versions kept an upload's bytes (one file on disk): removed by cancel and the sweep. */
  legacyUpload: (uploadId: string) => `uploads/${uploadId}.part`,
  variant: (assetId: string, kind: VariantKind, ext: string) => `assets/${assetId}/${kind}${ext}`,
};
