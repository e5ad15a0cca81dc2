import { Type, type Static } from '@sinclair/typebox';
import { COOKIE_POLICIES, FAILURE_BEHAVIORS, RELOAD_POLICIES, type WebsiteRow } from './websites.models.js';
import { Uuid } from '../../../../kernel/http/wire.js';

const literals = <const T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

export const CookiePolicySchema = literals(COOKIE_POLICIES);
export const ReloadPolicySchema = literals(RELOAD_POLICIES);
export const FailureBehaviorSchema = literals(FAILURE_BEHAVIORS);

/**
 * How a website asset is shown on screens. What is not set reads as the reference answers it (its
 * console's type has no null here): an empty display URL, user agent and colour; no interval or
 * fallback image at all.
 */
export const WebsiteSchema = Type.Object({
  url: Type.String(),
  displayUrl: Type.String({ description: 'Empty: screens show the url.' }),
  allowedHosts: Type.Array(Type.String()),
  javascriptEnabled: Type.Boolean(),
  domStorageEnabled: Type.Boolean(),
  cookiePolicy: CookiePolicySchema,
  reloadPolicy: ReloadPolicySchema,
  refreshIntervalSeconds: Type.Optional(Type.Integer({ description: 'With reloadPolicy `interval` only.' })),
  loadTimeoutSeconds: Type.Integer(),
  zoomPercent: Type.Integer(),
  scrollX: Type.Integer(),
  scrollY: Type.Integer(),
  customUserAgent: Type.String({ description: 'Empty: the player’s own.' }),
  backgroundColor: Type.String({ description: 'Empty: the player’s background.' }),
  failureBehavior: FailureBehaviorSchema,
  fallbackImageAssetId: Type.Optional(Uuid),
});
export type WebsiteView = Static<typeof WebsiteSchema>;

export function websiteView(w: WebsiteRow): WebsiteView {
  return {
    url: w.url,
    displayUrl: w.display_url ?? '',
    allowedHosts: w.allowed_hosts,
    javascriptEnabled: w.javascript_enabled,
    domStorageEnabled: w.dom_storage_enabled,
    cookiePolicy: w.cookie_policy,
    reloadPolicy: w.reload_policy,
    ...(w.refresh_interval_seconds !== null ? { refreshIntervalSeconds: w.refresh_interval_seconds } : {}),
    loadTimeoutSeconds: w.load_timeout_seconds,
    zoomPercent: w.zoom_percent,
    scrollX: w.scroll_x,
    scrollY: w.scroll_y,
    customUserAgent: w.custom_user_agent ?? '',
    backgroundColor: w.background_color ?? '',
    failureBehavior: w.failure_behavior,
    ...(w.fallback_image_asset_id ? { fallbackImageAssetId: w.fallback_image_asset_id } : {}),
  };
}
