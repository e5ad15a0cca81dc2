import type { Manifest, ManifestAsset, ManifestLayout, ManifestPlaylist, ManifestWidget } from '../wire/manifest.js';
import type { WebsiteSettings } from '../seams.js';
import { websiteSettings } from '../playback/website-settings.js';
import { type DataLookup, dataLookupOf } from './data-values.js';

export type { LayoutPlacement, LayoutPrimitive, PresentationNode } from '../wire/manifest.js';
/** One item of a layout's playlist zone. */
export type { ManifestItem as ZoneItem } from '../wire/manifest.js';

/** A file the screen can load: its URL (the cached copy) and type. */
export interface ResolvedFile {
  url: string;
  mimeType: string;
}

/** What layouts draw from: the current manifest's layouts and what they name. */
export interface LayoutContent {
  layouts: ManifestLayout[];
  playlists: ManifestPlaylist[];
  widgets: ManifestWidget[];
  /** A file of the manifest (`variantId` when the document names one); undefined when not available. */
  file(assetId: string, variantId?: string | null): ResolvedFile | undefined;
  /** A website asset's page and how it opens (its own settings, its fallback file); undefined when unknown. */
  website(assetId: string): { url: string; settings: WebsiteSettings; fallback?: ResolvedFile } | undefined;
  data: DataLookup;
  /** A data source's document as the manifest sends it (what a widget on screen compares to see new data). */
  dataDocument(sourceId: string): unknown;
}

/** The layout content of a manifest, its files loaded from where `srcFor` says (the offline cache). */
export function layoutContentOf(m: Manifest, srcFor: (asset: ManifestAsset) => string): LayoutContent {
  const present = <T>(list: (T | null | undefined)[]) => list.filter((x): x is T => x != null);
  const file = (assetId: string, variantId?: string | null): ResolvedFile | undefined => {
    const asset = m.assets.find((a) => a.assetId === assetId && (!variantId || a.variantId === variantId));
    return asset ? { url: srcFor(asset), mimeType: asset.mimeType } : undefined;
  };
  return {
    layouts: present([...(m.layouts ?? []), m.layout, m.directFallbackLayout]),
    playlists: present([...(m.playlists ?? []), m.playlist, m.directFallbackPlaylist]),
    widgets: m.widgets ?? [],
    file,
    website(assetId) {
      const site = m.websites?.find((w) => w.assetId === assetId);
      if (!site) return undefined;
      const image = site.fallbackImageAssetId ? file(site.fallbackImageAssetId, site.fallbackVariantId) : undefined;
      const fallback =
        image && site.fallbackImageAssetId && site.fallbackVariantId ? { assetId: site.fallbackImageAssetId, variantId: site.fallbackVariantId } : undefined;
      return { url: site.url, settings: websiteSettings(site, {}, fallback), ...(image ? { fallback: image } : {}) };
    },
    data: dataLookupOf(m.dataSources ?? []),
    dataDocument: (sourceId) => m.dataSources?.find((s) => s.id === sourceId)?.dataDocument,
  };
}
