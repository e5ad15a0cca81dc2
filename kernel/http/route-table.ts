import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Guards } from '../auth/guards.js';
import type { Principal } from '../auth/principal.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { LoadedPlugin } from '../plugin-loader.js';
import type { PluginInstallations } from '../plugin-installations.js';
import { AppError } from '../errors.js';
import { Reply, type RouteDef } from '../plugin.js';
import { DEFAULT_BODY_LIMIT, jsonBody, multipartBody, noBody } from './body.js';
import { inputValidator, responseValidator } from './validation.js';
import { authRequestOf } from './request-info.js';
import { getOrSet } from '../collections.js';
import type { FileWriteGate } from './file-write-gate.js';

/** `/api/v1/screens/{id}` → `/api/v1/screens/:id` */
export const toKoaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function principalKey(p: Principal | undefined): string {
  if (!p) return 'anonymous';
  return p.kind === 'console' ? `user:${p.userId}` : p.kind === 'player' ? `screen:${p.screenId}` : `token:${p.tokenId}`;
}

const NO_NEXT = async () => {};

/**
 * One route's middleware: guard, rate limit, body, validation, handler, response. One function
 * rather than a chain: every extra async layer costs measurably on small requests.
 */
function routeMiddleware(
  route: RouteDef,
  deps: unknown,
  guards: Guards,
  limiter: RateLimiter,
  fileWrites: FileWriteGate | undefined,
  requireInstalled?: () => Promise<void>,
): Middleware {
  const validateParams = route.params && inputValidator('params', route.params);
  const validateQuery = route.query && inputValidator('query', route.query);
  const mode = route.bodyMode ?? (route.body ? 'json' : 'none');
  const validateBody = route.body && inputValidator('body', route.body, mode === 'multipart');
  const validateResponse = route.response.schema && responseValidator(route.response.schema);
  const validateOther = new Map(
    Object.entries(route.response.otherStatuses ?? {}).flatMap(([status, other]) =>
      typeof other === 'string' ? [] : [[Number(status), responseValidator(other.schema)] as const],
    ),
  );
  const readBody: Middleware | undefined =
    mode === 'json' && BODY_METHODS.has(route.method)
      ? jsonBody(route.bodyLimit)
      : mode === 'multipart'
        ? multipartBody(route.bodyLimit ?? DEFAULT_BODY_LIMIT)
        : mode === 'none'
          ? noBody
          : undefined;

  return async (ctx: Context) => {
    const principal = await guards.check(route.auth, authRequestOf(ctx));
    ctx.state.principal = principal;
    // For middleware that runs around routing (the console's change announcements).
    ctx.state.route = { path: route.path, auth: route.auth };
    await requireInstalled?.();
    fileWrites?.check();
    if (route.rateLimit) {
      const { bucket, limit, windowSeconds, by } = route.rateLimit;
      await limiter.hit(bucket, by === 'ip' ? ctx.ip : `${ctx.ip}|${principalKey(principal)}`, limit, windowSeconds);
    }
    if (readBody) await readBody(ctx, NO_NEXT);
    const params = validateParams ? { ...ctx.params } : ctx.params;
    const query = validateQuery ? { ...ctx.query } : {};
    validateParams?.(params);
    validateQuery?.(query);
    const requestBody = ctx.request.body ?? (mode === 'json' || mode === 'multipart' ? {} : undefined);
    if (mode === 'json' || mode === 'multipart') validateBody?.(requestBody);
    const files = mode === 'multipart' ? ctx.state.files : [];
    const result = await route.handler({ params, query, body: requestBody, principal, deps, ctx, requestId: ctx.state.requestId, files });
    if (route.response.contentType) return; // the handler wrote the body itself
    const { status, data } = result instanceof Reply ? result : { status: route.response.status, data: result };
    ctx.status = status;
    if (status === 204 || data === undefined) {
      ctx.body = null;
      return;
    }
    (validateOther.get(status) ?? validateResponse)?.(data);
    ctx.body = { data };
  };
}

export interface MountedRoute {
  plugin: string;
  /** The plugin is optional: its routes answer 409 plugin_not_installed until it is installed. */
  installable: boolean;
  route: RouteDef;
}

// How many leading path segments name a route's group (`/api/v1/screens`).
const GROUP_DEPTH = 3;

/** The group a path belongs to: its leading static segments (lower case, no trailing slash), or undefined. */
function groupOf(path: string): string | undefined {
  const segments = path
    .replace(/\/+$/, '')
    .toLowerCase()
    .split('/')
    .slice(1, 1 + GROUP_DEPTH);
  return segments.some((s) => s === '' || s.includes(':')) ? undefined : `/${segments.join('/')}`;
}

interface StaticRoute {
  method: string;
  path: string;
  handler: Middleware;
  name?: string;
}

/** Whether a Koa path has no parameters or patterns, so only itself matches it (besides case and a trailing slash). */
const isStatic = (path: string) => !/[:*(?+]/.test(path);

/**
 * @koa/router tries every route in turn, so with a few hundred routes matching dominated a small
 * request (measured: 200 routes cut a minimal Koa app's requests/s by half). Routes are kept in
 * one router per leading path, and a request is matched only against its own group and the few
 * routes whose leading segments hold a parameter. A request for a static path exactly as declared
 * (the heartbeat, /healthz) skips even that: a map answers it with the route the routers would run.
 */
export class RouteTable {
  private readonly groups = new Map<string, Router>();
  private readonly rest = new Router();
  private readonly statics: StaticRoute[] = [];

  add(path: string, method: string, handler: Middleware, name?: string) {
    const key = groupOf(path);
    const router = key === undefined ? this.rest : getOrSet(this.groups, key, () => new Router());
    router.register(path, [method], [handler], { name });
    if (isStatic(path)) this.statics.push({ method, path, handler, ...(name ? { name } : {}) });
  }

  dispatch(): Middleware {
    const groups = new Map([...this.groups].map(([key, router]) => [key, router.routes() as Middleware]));
    const rest = this.rest.routes() as Middleware;
    const exact = this.exactRoutes();
    // Only where two templates can match one path does a request need its most specific template found.
    const overlapping = new Set([...this.groups].filter(([, router]) => hasOverlap(router)).map(([key]) => key));
    const restOverlaps = hasOverlap(this.rest);
    return (ctx, next) => {
      const hit = exact.get(`${ctx.method} ${ctx.path}`);
      if (hit) {
        // What @koa/router sets and the rest of the app reads.
        ctx.params = {};
        ctx._matchedRoute = hit.path;
        if (hit.name) ctx._matchedRouteName = hit.name;
        return hit.handler(ctx, next);
      }
      const key = groupOf(ctx.path);
      // A path's most specific template decides its methods: `/assets/bulk` is never `/assets/{id}`.
      const ambiguous = restOverlaps || (key !== undefined && overlapping.has(key));
      if (ambiguous && !this.methodsFor(ctx.path).has(ctx.method)) return next();
      const group = key === undefined ? undefined : groups.get(key);
      return group ? group(ctx, () => rest(ctx, next)) : rest(ctx, next);
    };
  }

  /**
   * Static routes by `METHOD path`, each kept only where it is the one the routers run for exactly
   * that method and path: the first match in its group, or in the other routes when its group has none.
   */
  private exactRoutes(): Map<string, StaticRoute> {
    const exact = new Map<string, StaticRoute>();
    for (const route of this.statics) {
      const key = groupOf(route.path);
      const routers = [key === undefined ? undefined : this.groups.get(key), this.rest].filter((r): r is Router => Boolean(r));
      const first = routers.map((r) => r.match(route.path, route.method).pathAndMethod[0]).find(Boolean);
      if (first?.stack.includes(route.handler)) exact.set(`${route.method} ${route.path}`, route);
    }
    return exact;
  }

  /**
   * Methods routed for `path` (for 405 and Allow): those of the most specific template that matches
   * it, where a literal segment beats a parameter at the first place they differ. A GET answers HEAD.
   */
  methodsFor(path: string): Set<string> {
    const key = groupOf(path);
    const routers = [key === undefined ? undefined : this.groups.get(key), this.rest].filter((r): r is Router => Boolean(r));
    const layers = routers.flatMap((r) => r.match(path, 'GET').path).map((layer) => ({ shape: shapeOf(String(layer.path)), methods: layer.methods }));
    const best = layers.map((l) => l.shape).reduce<string | undefined>((a, b) => (a === undefined || moreSpecific(b, a) ? b : a), undefined);
    const methods = new Set(layers.filter((l) => l.shape === best).flatMap((l) => l.methods));
    if (methods.has('GET')) methods.add('HEAD');
    return methods;
  }
}

/** Whether two of a router's templates of different shapes can match one path (a literal where the other has a parameter). */
function hasOverlap(router: Router): boolean {
  const shapes = [...new Set(router.stack.map((layer) => shapeOf(String(layer.path))))].map((shape) => shape.split('/'));
  return shapes.some((a, i) =>
    shapes.slice(i + 1).some((b) => a.length === b.length && a.every((segment, n) => segment === b[n] || segment === ':' || b[n] === ':')),
  );
}

/** A template with its parameters unnamed: `/screens/:id` and `/screens/:screenId` are one shape. */
const shapeOf = (template: string) => template.replace(/:[^/]+/g, ':');

/** Whether template `a` is more specific than `b`: at the first segment where one has a literal and the other a parameter. */
function moreSpecific(a: string, b: string): boolean {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const aParam = as[i]!.includes(':');
    const bParam = bs[i]!.includes(':');
    if (aParam !== bParam) return bParam;
  }
  return false;
}

/** A plain GET on a WebSocket path (a browser, a health probe) learns what to do instead of a bare 404. */
const upgradeRequired: Middleware = () => {
  throw new AppError('upgrade_required', 'websocket_upgrade_required', 'This path is a WebSocket: connect with an Upgrade: websocket request.', undefined, {
    Upgrade: 'websocket',
    Connection: 'Upgrade',
  });
};

/** Every plugin's routes, explicit HEAD routes first: a GET route also answers HEAD, and the first match wins. */
export function mountedRoutes(plugins: LoadedPlugin[]): MountedRoute[] {
  const mounted = plugins.flatMap((p) => p.routes.map((route) => ({ plugin: p.def.name, installable: Boolean(p.def.installable), route })));
  return mounted.sort((a, b) => Number(b.route.method === 'HEAD') - Number(a.route.method === 'HEAD'));
}

/** Builds the route table from every plugin's routes. */
export function buildRouter(
  plugins: LoadedPlugin[],
  depsOf: (plugin: string) => unknown,
  guards: Guards,
  limiter: RateLimiter,
  installations: PluginInstallations,
  fileWriteGate: FileWriteGate,
) {
  const table = new RouteTable();
  const mounted = mountedRoutes(plugins);
  for (const { plugin, installable, route } of mounted) {
    // An optional plugin's routes answer 409 plugin_not_installed (after authentication) until it is installed.
    const requireInstalled = installable ? () => installations.requireInstalled(plugin) : undefined;
    table.add(
      toKoaPath(route.path),
      route.method,
      routeMiddleware(route, depsOf(plugin), guards, limiter, route.writesFiles ? fileWriteGate : undefined, requireInstalled),
      route.operationId,
    );
  }
  for (const socket of plugins.flatMap((p) => p.sockets)) table.add(toKoaPath(socket.path), 'GET', upgradeRequired);
  return { table, mounted };
}
