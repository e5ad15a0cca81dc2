import type { AssetType } from './media-types.js';

/**
 * The file a screen is given for an asset: the playback copy when processing made one, else the
 * original; none while the asset is not ready, is archived or has no file a player can use.
 */
export interface ServedFile {
  assetId: string;
  variantId: string;
  assetType: AssetType;
  mimeType: string;
  sha256: string;
  fileSize: number;
  width?: number;
  height?: number;
  durationSeconds?: number;
  /** ISO 8601: when the asset may start playing and when it must stop (its availability window). */
  availableFrom?: string;
  expiresAt?: string;
}
