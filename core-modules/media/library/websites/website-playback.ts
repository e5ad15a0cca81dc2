import type { ServedFile } from '../../media.api.js';
import type { PlayableAsset, PlayableType } from '../../playable-types.js';
import type { WebsiteRow } from './websites.models.js';
import type { LibraryBaseDeps } from '../library-base-deps.js';

type Deps = Pick<LibraryBaseDeps, 'websitesRepository' | 'mediaLibrary'>;

// The reference players' background when none is set (their `ManifestWebsite` default).
const DEFAULT_BACKGROUND = '#0E141B';

/** A website as players open it: the players' `ManifestWebsite`, with its fallback image's file when that is served. */
function websiteEntry(row: WebsiteRow, name: string, fallback: ServedFile | undefined) {
  return {
    assetId: row.asset_id,
    name,
    url: row.url,
    allowedHosts: row.allowed_hosts,
    javascriptEnabled: row.javascript_enabled,
    domStorageEnabled: row.dom_storage_enabled,
    cookiePolicy: row.cookie_policy,
    reloadPolicy: row.reload_policy,
    refreshIntervalSeconds: row.refresh_interval_seconds,
    loadTimeoutSeconds: row.load_timeout_seconds,
    zoomPercent: row.zoom_percent,
    scrollX: row.scroll_x,
    scrollY: row.scroll_y,
    // Left out rather than null: the Android player reads both as non-null strings with defaults.
    ...(row.custom_user_agent ? { customUserAgent: row.custom_user_agent } : {}),
    backgroundColor: row.background_color ?? DEFAULT_BACKGROUND,
    failureBehavior: row.failure_behavior,
    // Only a fallback the screen can download: players verify it before they activate the manifest.
    ...(fallback ? { fallbackImageAssetId: fallback.assetId, fallbackVariantId: fallback.variantId } : {}),
  };
}

/**
 * Websites are played by opening their page: the item names no file and streams, the manifest's
 * `websites[]` says how to open it, and its fallback image (if served) is downloaded with the rest.
 */
export function websitePlayback(d: Deps): PlayableType {
  return {
    type: 'website',
    async playable(assets) {
      const rows = await d.websitesRepository.byAssetIds(assets.map((a) => a.id));
      const nameOf = new Map(assets.map((a) => [a.id, a.name]));
      const fallbackIds = rows.flatMap((r) => (r.fallback_image_asset_id ? [r.fallback_image_asset_id] : []));
      const fallbacks = await d.mediaLibrary.served(fallbackIds);
      const result = new Map<string, PlayableAsset>();
      for (const row of rows) {
        const fallback = row.fallback_image_asset_id ? fallbacks.get(row.fallback_image_asset_id) : undefined;
        result.set(row.asset_id, {
          assetId: row.asset_id,
          assetType: 'website',
          item: { deliveryPolicy: 'stream' },
          sections: { websites: [websiteEntry(row, nameOf.get(row.asset_id) ?? '', fallback)] },
          files: fallback ? [fallback] : [],
        });
      }
      return result;
    },
  };
}
