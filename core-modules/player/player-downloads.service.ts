import { notFound } from '../../kernel/errors.js';
import type { Logger } from '../../kernel/logger.js';
import { StorageNotFound, type Storage } from '../../kernel/storage/storage.js';
import type { AssetsRepository } from '../media/assets.repository.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import type { ManifestService } from './manifest.service.js';

interface Deps {
  logger: Logger;
  storage: Storage;
  assetsRepository: AssetsRepository;
  manifestService: ManifestService;
}

const variantUnavailable = () => notFound('media_variant_unavailable', 'This screen has no such file in its current manifest.');

/**
 * The files a player downloads. Stricter than the reference server (which lets any device fetch any
 * ready variant): a screen gets only what its current manifest lists, so a leaked device
 * credential cannot be used to walk the whole library.
 */
export class PlayerDownloadsService {
  constructor(private readonly d: Deps) {}

  async file(screenId: string, assetId: string, variantId: string): Promise<FileToSend> {
    // Independent reads: the row is used only once the manifest is found to list it.
    const [content, variant] = await Promise.all([this.d.manifestService.content(screenId), this.d.assetsRepository.variantById(variantId)]);
    const listed = content.assets.some((a) => a.assetId === assetId && a.variantId === variantId);
    if (!listed || !variant || variant.asset_id !== assetId) throw variantUnavailable();
    const stat = await this.d.storage.stat(variant.storage_key);
    // The manifest promised fileSize bytes: a file missing or of another size would fail its sha256 check on the player.
    if (!stat || stat.size !== Number(variant.file_size)) {
      this.d.logger.warn({ variantId, assetId }, 'stored file of a variant is missing or has the wrong size');
      throw variantUnavailable();
    }
    const { storage } = this.d;
    return {
      size: stat.size,
      mimeType: variant.mime_type,
      sha256: variant.sha256,
      lastModified: variant.created_at,
      filename: `${assetId}-${variant.kind}`,
      open: (span) =>
        storage.get(variant.storage_key, span).catch((err: unknown) => {
          throw err instanceof StorageNotFound ? variantUnavailable() : err;
        }),
    };
  }
}
