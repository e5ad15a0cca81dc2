import { notFound } from '../../../kernel/errors.js';
import type { FileToSend } from '../../../kernel/http/file-response.js';
import type { PlayingAssetRow } from '../assets.repository.js';
import type { AssetSummary, MediaLibrary, ServedFile, TaggedAsset, TagRef } from '../media.api.js';
import { isoOrNull } from '../../../kernel/http/wire.js';
import type { PlayableAsset, PlayableType } from '../playable-types.js';
import { variantFile } from './variant-file.js';
import type { MediaBaseDeps } from '../media-base-deps.js';

type Deps = Pick<MediaBaseDeps, 'logger' | 'storage' | 'assetsRepository' | 'taggedMediaRepository' | 'playableTypes'>;

/** The file served for a playing asset, when it has one a player can use. */
function servedFile(a: PlayingAssetRow): ServedFile | undefined {
  if (a.variant_id === null) return undefined;
  return {
    assetId: a.id,
    variantId: a.variant_id,
    assetType: a.type,
    mimeType: a.mime_type!,
    sha256: a.sha256!,
    fileSize: Number(a.file_size),
    width: a.variant_width ?? a.width ?? undefined,
    height: a.variant_height ?? a.height ?? undefined,
    durationSeconds: a.variant_duration_seconds ?? a.duration_seconds ?? undefined,
    availableFrom: a.available_from?.toISOString(),
    expiresAt: a.expires_at?.toISOString(),
  };
}

const gone = () => notFound('media_variant_unavailable', 'This file is no longer stored.');

/** The library as other modules read it, and the files screens are given (exported as `mediaLibrary`). */
export class MediaLibraryReader implements MediaLibrary {
  constructor(private readonly d: Deps) {}

  async summaries(assetIds: string[]): Promise<Map<string, AssetSummary>> {
    const assets = await this.d.assetsRepository.byIds([...new Set(assetIds)]);
    return new Map(
      assets.map((a) => [
        a.id,
        {
          id: a.id,
          name: a.name,
          type: a.type,
          status: a.processing_status,
          archived: a.archived_at !== null,
          durationSeconds: a.duration_seconds,
          availableFrom: isoOrNull(a.available_from),
          expiresAt: isoOrNull(a.expires_at),
        },
      ]),
    );
  }

  readyTagged(tagIds: string[], match: 'any' | 'all'): Promise<TaggedAsset[]> {
    return this.d.taggedMediaRepository.readyTagged(tagIds, match);
  }

  tags(tagIds: string[]): Promise<TagRef[]> {
    return this.d.taggedMediaRepository.tags(tagIds);
  }

  async served(assetIds: string[]): Promise<Map<string, ServedFile>> {
    const files = new Map<string, ServedFile>();
    for (const asset of await this.d.assetsRepository.playing([...new Set(assetIds)])) {
      const file = servedFile(asset);
      if (file) files.set(asset.id, file);
    }
    return files;
  }

  /** What playing each of these assets needs, by its type's registration; assets not ready, archived or of no playable type are left out. */
  async playable(assetIds: string[]): Promise<Map<string, PlayableAsset>> {
    const assets = await this.d.assetsRepository.playing([...new Set(assetIds)]);
    return this.d.playableTypes.playable(assets.map((a) => ({ id: a.id, name: a.name, type: a.type, file: servedFile(a) })));
  }

  /** Images and videos are played from the file served for them (read with the asset). */
  filePlayback(type: 'image' | 'video'): PlayableType {
    return {
      type,
      playable: async (assets) =>
        new Map(
          assets.flatMap(({ id, file }) =>
            file
              ? [
                  [
                    id,
                    {
                      assetId: id,
                      assetType: file.assetType,
                      file,
                      files: [file],
                      // Whether a video has sound is not recorded: counted as sounding unless its placement mutes it.
                      ...(type === 'video' ? { emits: { video: true, audio: true } } : {}),
                      availableFrom: file.availableFrom,
                      expiresAt: file.expiresAt,
                    },
                  ],
                ]
              : [],
          ),
        ),
    };
  }

  async variantFile(assetId: string, variantId: string): Promise<FileToSend | undefined> {
    const variant = await this.d.assetsRepository.variantById(variantId);
    if (!variant || variant.asset_id !== assetId) return undefined;
    return variantFile(this.d, variant, `${assetId}-${variant.kind}`, gone);
  }
}
