import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import type { Guards } from '../auth/guards.js';
import type { Principal } from '../auth/principal.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { LoadedPlugin } from '../plugin-loader.js';
import { Reply, type RouteDef } from '../plugin.js';
import { jsonBody, noBody } from './body.js';
import { inputValidator, responseValidator } from './validation.js';
import { authRequestOf } from './request-info.js';

/** `/api/v1/screens/{id}` → `/api/v1/screens/:id` */
export const toKoaPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function principalKey(p: Principal | undefined): string {
  if (!p) return 'anonymous';
  return p.kind === 'console' ? `user:${p.userId}` : p.kind === 'player' ? `screen:${p.screenId}` : `token:${p.tokenId}`;
}

/** One route's middleware: guard, body, validation, handler, response. */
function routeMiddleware(route: RouteDef, deps: unknown, guards: Guards, limiter: RateLimiter): Middleware[] {
  const validateParams = route.params && inputValidator('params', route.params);
  const validateQuery = route.query && inputValidator('query', route.query);
  const validateBody = route.body && inputValidator('body', route.body);
  const validateResponse = route.response.schema && responseValidator(route.response.schema);
  const mode = route.bodyMode ?? (route.body ? 'json' : 'none');

  const guard: Middleware = async (ctx, next) => {
    ctx.state.principal = await guards.check(route.auth, authRequestOf(ctx));
    if (route.rateLimit) {
      const { bucket, limit, windowSeconds, by } = route.rateLimit;
      const key = by === 'ip' ? ctx.ip : `${ctx.ip}|${principalKey(ctx.state.principal)}`;
      await limiter.hit(bucket, key, limit, windowSeconds);
    }
    return next();
  };
  const body: Middleware = mode === 'json' && BODY_METHODS.has(route.method) ? jsonBody(route.bodyLimit) : mode === 'none' ? noBody : (_ctx, next) => next();

  const handle: Middleware = async (ctx: Context) => {
    const params = { ...ctx.params };
    const query = { ...ctx.query };
    validateParams?.(params);
    validateQuery?.(query);
    const requestBody = ctx.request.body ?? (mode === 'json' ? {} : undefined);
    if (mode === 'json') validateBody?.(requestBody);
    const result = await route.handler({
      params,
      query,
      body: requestBody,
      principal: ctx.state.principal,
      deps,
      ctx,
      requestId: ctx.state.requestId,
    });
    if (route.response.contentType) return; // the handler wrote the body itself
    const { status, data } = result instanceof Reply ? result : { status: route.response.status, data: result };
    ctx.status = status;
    if (status === 204 || data === undefined) {
      ctx.body = null;
      return;
    }
    validateResponse?.(data);
    ctx.body = { data };
  };
  return [guard, body, handle];
}

export interface MountedRoute {
  plugin: string;
  route: RouteDef;
}

/** Builds the router from every plugin's routes. */
export function buildRouter(plugins: LoadedPlugin[], depsOf: (plugin: string) => unknown, guards: Guards, limiter: RateLimiter) {
  const router = new Router();
  const mounted: MountedRoute[] = [];
  // Explicit HEAD routes go first: a GET route also answers HEAD, and the first match wins.
  const ordered = plugins.flatMap((p) => p.routes.map((route) => ({ plugin: p, route })));
  ordered.sort((a, b) => Number(b.route.method === 'HEAD') - Number(a.route.method === 'HEAD'));
  for (const { plugin, route } of ordered) {
    {
      const chain = routeMiddleware(route, depsOf(plugin.def.name), guards, limiter);
      router.register(toKoaPath(route.path), [route.method], chain, { name: route.operationId });
      mounted.push({ plugin: plugin.def.name, route });
    }
  }
  return { router, mounted };
}
