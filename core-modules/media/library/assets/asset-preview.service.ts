import { conflict, notFound } from '../../../../kernel/errors.js';
import type { VariantRow } from '../../media.models.js';
import type { VariantKind } from '../../media-types.js';
import type { AssetsQueryRepository } from '../assets-query.repository.js';
import type { FileToSend } from '../../../../kernel/http/file-response.js';
import { assetNotFound } from '../library-errors.js';
import { variantFile } from '../variant-file.js';
import type { LibraryBaseDeps } from '../library-base-deps.js';

type Deps = Pick<LibraryBaseDeps, 'storage' | 'logger' | 'assetsQueryRepository'>;

/**
 * How long one lookup of an asset and its variants is reused. A player or browser fetches one file
 * as a run of Range requests; without this each of them pays a database round trip, which on a
 * small box costs as much as sending a megabyte. A second of staleness is harmless: a file that
 * goes away meanwhile still answers 404 (storage is checked every time), and auth is per request.
 */
const LOOKUP_TTL_MS = 1_000;
const LOOKUP_CACHE_ENTRIES = 256;

type Lookup = NonNullable<Awaited<ReturnType<AssetsQueryRepository['withVariants']>>>;

const variantUnavailable = () => notFound('media_variant_unavailable', 'This asset has no such file (yet).');

/** Picks which stored file answers a thumbnail or preview request. */
export class AssetPreviewService {
  private readonly recent = new Map<string, { at: number; found: Lookup }>();

  constructor(private readonly d: Deps) {}

  /** The small still image: the thumbnail of an image, else the poster of a video. */
  async thumbnail(assetId: string): Promise<FileToSend> {
    const { asset, variants } = await this.load(assetId);
    const variant = pick(variants, ['thumbnail', 'poster']);
    if (!variant) throw variantUnavailable();
    return this.file(variant, `${asset.name} (thumbnail)`);
  }

  /**
   * What a player would show: the playback copy, else the original (a ready asset without a
   * playback copy is one whose original players can already use).
   */
  async preview(assetId: string): Promise<FileToSend> {
    const { asset, variants } = await this.load(assetId);
    if (asset.type === 'website') throw variantUnavailable();
    if (asset.processing_status !== 'ready')
      throw conflict('media_not_ready', `The asset is ${asset.processing_status}; its preview is available once it is ready.`);
    const variant = pick(variants, ['playback', 'original']);
    if (!variant) throw variantUnavailable();
    return this.file(variant, asset.name);
  }

  private async load(assetId: string): Promise<Lookup> {
    const now = Date.now();
    const hit = this.recent.get(assetId);
    if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.found;
    const found = await this.d.assetsQueryRepository.withVariants(assetId);
    this.recent.delete(assetId);
    if (!found) throw assetNotFound();
    // Insertion order is age order: drop the oldest when full.
    if (this.recent.size >= LOOKUP_CACHE_ENTRIES) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(assetId, { at: now, found });
    return found;
  }

  private async file(variant: VariantRow, name: string): Promise<FileToSend> {
    const file = await variantFile(this.d, variant, name, variantUnavailable);
    if (!file) throw variantUnavailable();
    return file;
  }
}

function pick(variants: VariantRow[], kinds: VariantKind[]): VariantRow | undefined {
  for (const kind of kinds) {
    const v = variants.find((x) => x.kind === kind);
    if (v) return v;
  }
  return undefined;
}
