import type { Manifest, ManifestAsset, ManifestLayout, ManifestPlaylist } from '../wire/manifest.js';
import type { MediaPort } from './ports.js';
import { available } from './sequence.js';

/**
 * What the stage needs of a manifest to draw layouts (render's `LayoutContent`, matched by shape):
 * the layouts, the playlists their zones play, the widgets, and each file as the URL of its verified
 * copy. A file not verified or outside its availability window is not given, so a zone passes over
 * it as the full screen does.
 */
export function layoutContent(m: Manifest, media: Pick<MediaPort, 'ready' | 'srcFor'>) {
  const byId = <T extends { id: string }>(list: (T | null | undefined)[]) => [...new Map(list.filter((x): x is T => !!x).map((x) => [x.id, x])).values()];
  const layouts = byId<ManifestLayout>([m.layout, m.directFallbackLayout, ...(m.layouts ?? [])]);
  const playlists = byId<ManifestPlaylist>([m.playlist, m.directFallbackPlaylist, ...(m.playlists ?? [])]);
  const fileOf = (assetId: string, variantId?: string | null): ManifestAsset | undefined =>
    variantId ? m.assets.find((a) => a.variantId === variantId) : m.assets.find((a) => a.assetId === assetId);
  return {
    layouts,
    playlists,
    widgets: m.widgets ?? [],
    file(assetId: string, variantId?: string | null) {
      const asset = fileOf(assetId, variantId);
      // Checked when the zone asks, so a file that became ready (or left its window) since counts.
      if (!asset || !available(asset, Date.now()) || !media.ready(asset)) return undefined;
      return { url: media.srcFor(asset), mimeType: asset.mimeType };
    },
    website: (assetId: string) => m.websites?.find((w) => w.assetId === assetId)?.url,
  };
}
