import { notFound } from '../../kernel/errors.js';
import type { FileToSend } from '../../kernel/http/file-response.js';
import type { PlayerManifestDeps } from './player-manifest-deps.js';

type Deps = Pick<PlayerManifestDeps, 'mediaLibrary' | 'manifestService'>;

const variantUnavailable = () => notFound('media_variant_unavailable', 'This screen has no such file in its current manifest.');

/**
 * The files a player downloads. Stricter than the reference server (which lets any device fetch any
 * ready variant): a screen gets only what its current manifest lists, so a leaked device
 * credential cannot be used to walk the whole library.
 */
export class PlayerDownloadsService {
  constructor(private readonly d: Deps) {}

  async file(screenId: string, assetId: string, variantId: string): Promise<FileToSend> {
    // Independent reads: the file is used only once the manifest is found to list it.
    const [content, file] = await Promise.all([this.d.manifestService.content(screenId), this.d.mediaLibrary.variantFile(assetId, variantId)]);
    const listed = content.assets.some((a) => a.assetId === assetId && a.variantId === variantId);
    if (!listed || !file) throw variantUnavailable();
    return file;
  }
}
