import type { WebsiteSettings } from '../seams.js';
import type { ManifestWebsite, WidgetPresentation } from '../wire/manifest.js';

/**
 * How a website item is opened: its `websites[]` entry, with the config's `website` defaults where
 * the entry leaves a setting out, and the reference players' values where both do. Pure.
 */

/** The config's `website` section fields this reads (`GET /player/config`), all optional until a config is kept. */
export interface WebsiteDefaults {
  defaultTimeoutSeconds?: number;
  defaultReloadPolicy?: string;
  minimumRefreshSeconds?: number;
  defaultFailureBehavior?: string;
  defaultZoomPercent?: number;
}

// The server's and the reference players' values when neither the entry nor the config has one.
const TIMEOUT_SECONDS = 20;
const MINIMUM_REFRESH_SECONDS = 30;
const BACKGROUND = '#0E141B';

const positive = (...values: (number | null | undefined)[]) => values.find((v): v is number => typeof v === 'number' && Number.isFinite(v) && v > 0);
const offset = (v: number) => (Number.isFinite(v) && v > 0 ? Math.round(v) : 0);

/**
 * `fallback` is the entry's fallback image when its file is available and verified: without it a
 * `fallback_image` website gets the placeholder, as the reference players do. `last_success` (keep
 * the last page shown) has no last page on a first load, so it gets the placeholder too; a reload
 * that fails always keeps the page on screen.
 */
export function websiteSettings(site: ManifestWebsite, d: WebsiteDefaults = {}, fallback?: { assetId: string; variantId: string }): WebsiteSettings {
  const failure = site.failureBehavior || d.defaultFailureBehavior;
  const reloadPolicy = site.reloadPolicy || d.defaultReloadPolicy;
  const interval = reloadPolicy === 'interval' ? positive(site.refreshIntervalSeconds) : undefined;
  const image = failure === 'fallback_image' ? fallback : undefined;
  return {
    loadTimeoutMs: (positive(site.loadTimeoutSeconds, d.defaultTimeoutSeconds) ?? TIMEOUT_SECONDS) * 1000,
    ...(interval ? { reloadEveryMs: Math.max(interval, positive(d.minimumRefreshSeconds) ?? MINIMUM_REFRESH_SECONDS) * 1000 } : {}),
    zoomPercent: positive(site.zoomPercent, d.defaultZoomPercent) ?? 100,
    scrollX: offset(site.scrollX),
    scrollY: offset(site.scrollY),
    backgroundColor: site.backgroundColor || BACKGROUND,
    onFailure: failure === 'skip' ? 'skip' : image ? 'fallback_image' : 'placeholder',
    ...(image ? { fallback: image } : {}),
    name: site.name,
  };
}

/**
 * A widget whose presentation is a web page plays as a website, as the reference players play it:
 * its own load timeout and failure behaviour (`skip`, else the placeholder), the page as it lays
 * itself out, on the reference's background.
 */
export function webWidgetSettings(name: string, web: NonNullable<WidgetPresentation['web']>): WebsiteSettings {
  return {
    loadTimeoutMs: (positive(web.loadTimeoutSeconds) ?? TIMEOUT_SECONDS) * 1000,
    zoomPercent: 100,
    scrollX: 0,
    scrollY: 0,
    backgroundColor: BACKGROUND,
    onFailure: web.fallbackBehavior === 'skip' ? 'skip' : 'placeholder',
    name,
  };
}
