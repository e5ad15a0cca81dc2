import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../../kernel/auth/principal.js';
import { routeFor } from '../../../../kernel/plugin.js';
import type { WebsitesDeps } from './websites-deps.js';
import type { AssetResponses } from '../owned/owned-asset-fields.js';
import { MAX_REDIRECTS } from './website-diagnostics.js';
import { MAX_URL_LENGTH } from './website-url.js';
import { CookiePolicySchema, FailureBehaviorSchema, ReloadPolicySchema } from './website-view.js';
import { MAX_WEBSITES } from './websites.service.js';
import { IdParams, Stamp } from '../../../../kernel/http/wire.js';

const route = routeFor<WebsitesDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const orNull = <T extends ReturnType<typeof Type.String | typeof Type.Integer>>(t: T) => Type.Union([t, Type.Null()]);
// A setting read back empty (none set) may be sent back as it was read: empty or null, both mean none.
const orNone = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Literal(''), Type.Null()]);

const URL_FIELD = Type.String({
  minLength: 1,
  maxLength: MAX_URL_LENGTH,
  format: 'uri',
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://',
  description: 'An absolute http or https address, without user name or password.',
});
const HOST = Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$|^\\[[0-9A-Fa-f:.]+\\]$' });

/** Every website field, optional; creation makes name and url required. */
const WebsiteFields = {
  name: Type.String({ minLength: 1, maxLength: 180 }),
  description: Type.String({ maxLength: 2000 }),
  url: URL_FIELD,
  displayUrl: orNone(URL_FIELD),
  allowedHosts: Type.Array(HOST, { maxItems: 25, uniqueItems: true, description: 'Exact host names the page may navigate to.' }),
  javascriptEnabled: Type.Boolean(),
  domStorageEnabled: Type.Boolean(),
  cookiePolicy: CookiePolicySchema,
  reloadPolicy: ReloadPolicySchema,
  refreshIntervalSeconds: orNull(Type.Integer({ minimum: 30, maximum: 86_400, description: 'Required with reloadPolicy `interval`, ignored otherwise.' })),
  loadTimeoutSeconds: Type.Integer({ minimum: 1, maximum: 120 }),
  zoomPercent: Type.Integer({ minimum: 50, maximum: 200 }),
  scrollX: Type.Integer({ minimum: 0, maximum: 100_000 }),
  scrollY: Type.Integer({ minimum: 0, maximum: 100_000 }),
  customUserAgent: orNull(Type.String({ maxLength: 512 })),
  backgroundColor: orNone(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  failureBehavior: FailureBehaviorSchema,
  fallbackImageAssetId: orNull(Type.String({ format: 'uuid', description: 'A ready image; required with failureBehavior `fallback_image`.' })),
};
const optional = Type.Partial(Type.Object(WebsiteFields)).properties;

const DiagnosticsSchema = Type.Object({
  url: Type.String(),
  finalUrl: orNull(Type.String()),
  status: orNull(Type.Integer()),
  ok: Type.Boolean(),
  framingAllowed: Type.Union([Type.Boolean(), Type.Null()]),
  framingReason: orNull(Type.String()),
  tlsError: orNull(Type.String()),
  error: orNull(Type.String()),
  redirects: Type.Integer(),
  durationMs: Type.Integer(),
  checkedAt: Stamp,
});

export const websitesRoutes = (asset: AssetResponses) => [
  route({
    method: 'POST',
    path: '/api/v1/assets/websites',
    operationId: 'createWebsiteAsset',
    summary: 'Add a website asset (ready at once)',
    tags: ['media'],
    auth: { kind: 'console', access: 'authors' },
    body: Type.Object({ ...optional, name: WebsiteFields.name, url: WebsiteFields.url }),
    errors: { 409: `\`website_limit_reached\` (at most ${MAX_WEBSITES}).` },
    response: asset.one(201),
    handler: ({ deps, body, principal, ctx }) => deps.websitesService.create(me(principal), body, ctx.ip),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/assets/{id}/website',
    operationId: 'updateWebsiteAsset',
    summary: 'Change a website asset; the rules apply to the result',
    tags: ['media'],
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: Type.Object(optional),
    errors: { 404: '`not_found`: no website asset with this id.' },
    response: asset.one(200),
    handler: ({ deps, params, body, principal, ctx }) => deps.websitesService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/assets/{id}/website/diagnostics',
    operationId: 'diagnoseWebsiteAsset',
    summary: 'Fetch the website from the server: status, whether screens may frame it, TLS problems',
    description:
      `Follows at most ${MAX_REDIRECTS} redirects and gives up after a few seconds (\`error: timeout\`). Loopback, private, link-local and other ` +
      'non-public addresses are refused (`address_not_allowed`) unless the setting `website.allow_private_addresses` allows them; a redirect to one ends the check with `error: redirect_refused`.',
    tags: ['media'],
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    rateLimit: { bucket: 'media.website-diagnostics', limit: 30, windowSeconds: 60, by: 'ip+principal' },
    errors: { 404: '`not_found`.', 422: '`address_not_allowed`: the host is not a public address.' },
    response: { status: 200, schema: DiagnosticsSchema },
    handler: ({ deps, params }) => deps.websitesService.diagnose(params.id),
  }),
];
