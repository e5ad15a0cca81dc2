// The media module's public face: what other modules may use, as read-only interfaces returning
// plain objects. Other modules import media's types from here only.
import type { FileToSend } from '../../kernel/http/file-response.js';
import type { AssetStatus, AssetType } from './media-types.js';

export type { AssetStatus, AssetType };
export type { AssetUse, AssetUsageRegistry } from './library/asset-usage.js';
export type { AssetVariantsChanged, MediaEvents } from './media-events.js';

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

/** What another module may know of an asset it points at. */
export interface AssetSummary {
  id: string;
  name: string;
  type: AssetType;
  status: AssetStatus;
  archived: boolean;
}

/** A ready image or video that carries tags a tag rule asks for. */
export interface TaggedAsset {
  id: string;
  name: string;
  type: 'image' | 'video';
  /** Videos: their length when processing recorded one. */
  durationSeconds: number | null;
}

/** The library as other modules read it (exported as `mediaLibrary`). */
export interface MediaLibrary {
  /** The live (not deleted) assets among these. */
  summaries(assetIds: string[]): Promise<Map<string, AssetSummary>>;
  /** Ready images and videos carrying any (or all) of the tags, by name then id. */
  readyTagged(tagIds: string[], match: 'any' | 'all'): Promise<TaggedAsset[]>;
  /** Which of these tags exist. */
  existingTagIds(tagIds: string[]): Promise<string[]>;
  /** The file served for each of these assets now; assets without one are left out. */
  served(assetIds: string[]): Promise<Map<string, ServedFile>>;
  /**
   * A stored variant of an asset, ready to be sent with `sendFile`; undefined when the asset has no
   * such variant or storage lost its file.
   */
  variantFile(assetId: string, variantId: string): Promise<FileToSend | undefined>;
}
