import type { Logger } from '../../../kernel/logger.js';
import { notFound } from '../../../kernel/errors.js';
import type { Storage } from '../../../kernel/storage/storage.js';
import type { FileToSend } from '../../../kernel/http/file-response.js';
import type { AssetRow, AssetsRepository, VariantRow } from '../assets.repository.js';
import type { AssetSummary, MediaLibrary, ServedFile, TaggedAsset } from '../media.api.js';
import type { PlayableAsset, PlayableType, PlayableTypes } from '../playable-types.js';
import type { TaggedMediaRepository } from './tagged-media.repository.js';
import { variantFile } from './variant-file.js';

interface Deps {
  logger: Logger;
  storage: Storage;
  assetsRepository: AssetsRepository;
  taggedMediaRepository: TaggedMediaRepository;
  playableTypes: PlayableTypes;
}

// The file a player plays: the playback copy when processing made one, else the original (a ready
// asset without a playback copy is one whose original players can already use).
export function playerVariant(variants: VariantRow[]): VariantRow | undefined {
  const usable = variants.filter((v) => v.player_compatible);
  return usable.find((v) => v.kind === 'playback') ?? usable.find((v) => v.kind === 'original');
}

const servedFile = (a: AssetRow, v: VariantRow): ServedFile => ({
  assetId: a.id,
  variantId: v.id,
  assetType: a.type,
  mimeType: v.mime_type,
  sha256: v.sha256,
  fileSize: Number(v.file_size),
  width: v.width ?? a.width ?? undefined,
  height: v.height ?? a.height ?? undefined,
  durationSeconds: v.duration_seconds ?? a.duration_seconds ?? undefined,
  availableFrom: a.available_from?.toISOString(),
  expiresAt: a.expires_at?.toISOString(),
});

/** Only ready, unarchived assets are given to screens. */
const playing = (a: AssetRow) => a.processing_status === 'ready' && !a.archived_at;

/** The file served for each of these (playing) assets that has a usable variant among `variants`. */
function servedFiles(assets: AssetRow[], variants: VariantRow[]): Map<string, ServedFile> {
  const variantsOf = new Map<string, VariantRow[]>();
  for (const v of variants) {
    const of = variantsOf.get(v.asset_id);
    if (of) of.push(v);
    else variantsOf.set(v.asset_id, [v]);
  }
  const found = new Map<string, ServedFile>();
  for (const asset of assets) {
    const variant = playerVariant(variantsOf.get(asset.id) ?? []);
    if (variant) found.set(asset.id, servedFile(asset, variant));
  }
  return found;
}

const gone = () => notFound('media_variant_unavailable', 'This file is no longer stored.');

/** The library as other modules read it, and the files screens are given (exported as `mediaLibrary`). */
export class MediaLibraryReader implements MediaLibrary {
  constructor(private readonly d: Deps) {}

  async summaries(assetIds: string[]): Promise<Map<string, AssetSummary>> {
    const assets = await this.d.assetsRepository.byIds([...new Set(assetIds)]);
    return new Map(assets.map((a) => [a.id, { id: a.id, name: a.name, type: a.type, status: a.processing_status, archived: a.archived_at !== null }]));
  }

  readyTagged(tagIds: string[], match: 'any' | 'all'): Promise<TaggedAsset[]> {
    return this.d.taggedMediaRepository.readyTagged(tagIds, match);
  }

  existingTagIds(tagIds: string[]): Promise<string[]> {
    return this.d.taggedMediaRepository.existingTagIds(tagIds);
  }

  async served(assetIds: string[]): Promise<Map<string, ServedFile>> {
    const ids = [...new Set(assetIds)];
    if (!ids.length) return new Map();
    const [assets, variants] = await Promise.all([this.d.assetsRepository.byIds(ids), this.d.assetsRepository.variantsOf(ids)]);
    return servedFiles(assets.filter(playing), variants);
  }

  /** What playing each of these assets needs, by its type's registration; assets not ready, archived or of no playable type are left out. */
  async playable(assetIds: string[]): Promise<Map<string, PlayableAsset>> {
    const assets = await this.d.assetsRepository.byIds([...new Set(assetIds)]);
    return this.d.playableTypes.playable(assets.filter(playing));
  }

  /** Images and videos are played from the file served for them (their rows are already read: only the variants are). */
  filePlayback(type: 'image' | 'video'): PlayableType {
    return {
      type,
      playable: async (assets) => {
        const files = servedFiles(assets, await this.d.assetsRepository.variantsOf(assets.map((a) => a.id)));
        return new Map(
          [...files].map(([id, file]) => [
            id,
            { assetId: id, assetType: file.assetType, file, files: [file], availableFrom: file.availableFrom, expiresAt: file.expiresAt },
          ]),
        );
      },
    };
  }

  async variantFile(assetId: string, variantId: string): Promise<FileToSend | undefined> {
    const variant = await this.d.assetsRepository.variantById(variantId);
    if (!variant || variant.asset_id !== assetId) return undefined;
    return variantFile(this.d, variant, `${assetId}-${variant.kind}`, gone);
  }
}
