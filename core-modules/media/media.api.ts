// The media module's public face: what other modules may use, as read-only interfaces returning
// plain objects. Other modules import media's types from here only.
import type { EventListener } from '../../kernel/after-commit-events.js';
import { exportRef } from '../../kernel/export-ref.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import type { AssetUsageChecker } from './library/asset-usage.js';
import type { AssetVariantsChanged } from './media-events.js';
import type { AssetStatus, AssetType } from './media-types.js';
import type { PlayableAsset, PlayableType } from './playable-types.js';
import type { VideoCrop } from './processing/video-crop.js';
import type { ServedFile } from './served-file.js';
import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { OwnedAssetType } from './library/owned/owned-asset-fields.js';
import type { OwnedAssetRow, OwnedThumbnail } from './library/owned/owned-assets.js';

export type { AssetStatus, AssetType };
export type { AssetUse, AssetUsageChecker } from './library/asset-usage.js';
export type { VideoCrop } from './processing/video-crop.js';
export type { PlayableAsset, PlayableType } from './playable-types.js';
export type { ServedFile } from './served-file.js';
export type { OwnedAssetType } from './library/owned/owned-asset-fields.js';
/** The asset JSON as the library answers it (media's own fields): an owner's routes add its field to it. */
export { LibraryAssetSchema } from './library/library-asset-view.js';
export type { OwnedAssetRow, OwnedThumbnail } from './library/owned/owned-assets.js';
export type { AssetVariantsChanged } from './media-events.js';

/** What another module may know of an asset it points at. */
export interface AssetSummary {
  id: string;
  name: string;
  type: AssetType;
  status: AssetStatus;
  archived: boolean;
  /** Videos: their length when processing recorded one. */
  durationSeconds: number | null;
  availableFrom: string | null;
  expiresAt: string | null;
}

/** A content tag as another module shows it. */
export interface TagRef {
  id: string;
  name: string;
  color: string;
}

/** A ready image or video that carries tags a tag rule asks for. */
export interface TaggedAsset {
  id: string;
  name: string;
  type: 'image' | 'video';
  /** Videos: their length when processing recorded one. */
  durationSeconds: number | null;
}

/** The library as other modules read it. */
export interface MediaLibrary {
  /** The live (not deleted) assets among these. */
  summaries(assetIds: string[]): Promise<Map<string, AssetSummary>>;
  /** Ready images and videos carrying any (or all) of the tags, by name then id. */
  readyTagged(tagIds: string[], match: 'any' | 'all'): Promise<TaggedAsset[]>;
  /** Those of these tags that exist, by name then id. */
  tags(tagIds: string[]): Promise<TagRef[]>;
  /** The file served for each of these assets now; assets without one are left out. */
  served(assetIds: string[]): Promise<Map<string, ServedFile>>;
  /** What playing each of these assets needs (its file, or a website's entry, …); those that cannot be played now are left out. */
  playable(assetIds: string[]): Promise<Map<string, PlayableAsset>>;
  /**
   * A stored variant of an asset, ready to be sent with `sendFile`; undefined when the asset has no
   * such variant or storage lost its file.
   */
  variantFile(assetId: string, variantId: string): Promise<FileToSend | undefined>;
}

/** A video media made for another module, as stored: an H.264 MP4 without sound. */
export interface RenditionFile {
  fileSize: number;
  sha256: string;
  width: number;
  height: number;
  durationSeconds: number | null;
  frameRate: number | null;
}

/** What serving a rendition needs from its owner's row. */
export interface RenditionFileFacts {
  fileSize: number;
  sha256: string;
  madeAt: Date;
  /** Shown to a browser that saves it. */
  filename: string;
}

/**
 * Why a rendition was not made. `permanent` when the source is the problem (gone, unreadable):
 * trying again cannot help; otherwise a tool failed or timed out and a retry may succeed. The
 * message is for users.
 */
export type RenditionOutcome = { file: RenditionFile } | { failure: { permanent: boolean; message: string } };

/**
 * Videos made from a library video for another module (a wall's panels). The owner keeps the rows and names each rendition by an id it chose; media
 * encodes with ffmpeg, stores, serves and deletes the files.
 */
export interface VideoRenditions {
  /**
   * Encodes `crop` of the variant's picture under `id` (replacing what `id` held). `onProgress`
   * gets 0–1 as ffmpeg goes; an abort stops ffmpeg and rejects.
   */
  crop(
    id: string,
    source: { assetId: string; variantId: string },
    crop: VideoCrop,
    o: { onProgress(fraction: number): Promise<void>; signal?: AbortSignal },
  ): Promise<RenditionOutcome>;
  /** The stored file, ready for `sendFile`; undefined when storage lost it. `missing` is thrown if it goes while being read. */
  file(id: string, facts: RenditionFileFacts, missing: () => Error): Promise<FileToSend | undefined>;
  remove(ids: string[]): Promise<void>;
}

/**
 * Who uses an asset: media cannot know which later modules point at assets, so each registers a
 * checker (in its start hook); delete and archive ask them all, inside their transaction.
 */
export interface AssetUsage {
  register(checker: AssetUsageChecker): void;
}

/** Committed changes to how an asset plays (reprocessed, a website's settings), for modules that follow them. */
export interface AssetPlaybackEvents {
  subscribe(listener: EventListener<AssetVariantsChanged>): void;
}

/** Where the module owning an asset type says how its assets are played. */
export interface PlayableTypeRegistry {
  register(type: PlayableType): void;
}

/**
 * Assets of a type another module owns (widgets): media keeps their rows (listed, shown, archived,
 * deleted like any other, its usage checkers asked), the owner keeps the rest keyed by asset id
 * and registers its field of the asset JSON. Ready at once; written in the owner's transaction.
 */
export interface OwnedAssetLibrary {
  /** In the owner's start hook: its type, and the field it adds to the asset JSON. */
  register(type: OwnedAssetType): void;
  create(actor: ConsolePrincipal, input: { type: string; name: string; description: string }, trx: Knex.Transaction): Promise<OwnedAssetRow>;
  /** The asset when it is a live one of `type`, locked until `trx` ends. */
  lock(assetId: string, type: string, trx: Knex.Transaction): Promise<OwnedAssetRow | undefined>;
  update(assetId: string, changes: { name?: string; description?: string }, trx: Knex.Transaction): Promise<void>;
  /** Deletes a live asset of `type` the owner made for itself, without asking its users (the owner removed them first). */
  remove(assetId: string, type: string, trx: Knex.Transaction): Promise<void>;
  /** How these assets play changed: `mediaEvents` listeners rebuild the screens playing them once `trx` commits. */
  changed(assetIds: string[], trx: Knex.Transaction): Promise<void>;
  /** The asset JSON as the library answers it, with the owner's field. */
  view(assetId: string): Promise<Record<string, unknown>>;
  /** Stores an image (checked by the owner) as the asset's thumbnail: its `thumbnailUrl` serves it. */
  setThumbnail(assetId: string, image: OwnedThumbnail): Promise<void>;
}

/** What the system status and an operator's maintenance use of media. */
export interface MediaUpkeep {
  /** Assets queued, being inspected or processed now. */
  processingCount(): Promise<number>;
  /** Queues the clean-up of expired uploads (it also runs hourly). */
  requestExpiredUploadCleanup(): Promise<void>;
}

export const mediaLibraryRef = exportRef<MediaLibrary>('media', 'mediaLibrary');
export const assetUsageRef = exportRef<AssetUsage>('media', 'assetUsage');
export const mediaEventsRef = exportRef<AssetPlaybackEvents>('media', 'mediaEvents');
export const videoRenditionsRef = exportRef<VideoRenditions>('media', 'videoRenditions');
export const ownedAssetsRef = exportRef<OwnedAssetLibrary>('media', 'ownedAssets');
export const playableTypesRef = exportRef<PlayableTypeRegistry>('media', 'playableTypes');
export const mediaUpkeepRef = exportRef<MediaUpkeep>('media', 'mediaUpkeep');
