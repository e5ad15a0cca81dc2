import { Type, type Static } from '@sinclair/typebox';
import { COOKIE_POLICIES, FAILURE_BEHAVIORS, RELOAD_POLICIES, type WebsiteRow } from './websites.models.js';
import { Uuid } from '../../../../kernel/http/wire.js';

const literals = <const T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));
const orNull = <T extends ReturnType<typeof Type.String | typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()]);

export const CookiePolicySchema = literals(COOKIE_POLICIES);
export const ReloadPolicySchema = literals(RELOAD_POLICIES);
export const FailureBehaviorSchema = literals(FAILURE_BEHAVIORS);

/** How a website asset is shown on screens. */
export const WebsiteSchema = Type.Object({
  url: Type.String(),
  displayUrl: orNull(Type.String()),
  allowedHosts: Type.Array(Type.String()),
  javascriptEnabled: Type.Boolean(),
  domStorageEnabled: Type.Boolean(),
  cookiePolicy: CookiePolicySchema,
  reloadPolicy: ReloadPolicySchema,
  refreshIntervalSeconds: orNull(Type.Integer()),
  loadTimeoutSeconds: Type.Integer(),
  zoomPercent: Type.Integer(),
  scrollX: Type.Integer(),
  scrollY: Type.Integer(),
  customUserAgent: orNull(Type.String()),
  backgroundColor: orNull(Type.String()),
  failureBehavior: FailureBehaviorSchema,
  fallbackImageAssetId: orNull(Uuid),
});
export type WebsiteView = Static<typeof WebsiteSchema>;

export function websiteView(w: WebsiteRow): WebsiteView {
  return {
    url: w.url,
    displayUrl: w.display_url,
    allowedHosts: w.allowed_hosts,
    javascriptEnabled: w.javascript_enabled,
    domStorageEnabled: w.dom_storage_enabled,
    cookiePolicy: w.cookie_policy,
    reloadPolicy: w.reload_policy,
    refreshIntervalSeconds: w.refresh_interval_seconds,
    loadTimeoutSeconds: w.load_timeout_seconds,
    zoomPercent: w.zoom_percent,
    scrollX: w.scroll_x,
    scrollY: w.scroll_y,
    customUserAgent: w.custom_user_agent,
    backgroundColor: w.background_color,
    failureBehavior: w.failure_behavior,
    fallbackImageAssetId: w.fallback_image_asset_id,
  };
}
