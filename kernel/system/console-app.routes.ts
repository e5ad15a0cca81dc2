import type { Context, Middleware } from 'koa';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { KernelDeps } from '../kernel-deps.js';
import { routeFor } from '../plugin.js';
import { builtApp, builtAssetsRoute, sendPage } from './built-app.js';
import { pagePolicy } from './page-policy.js';

const route = routeFor<KernelDeps>();

const consoleBuild = builtApp({
  dir: (config) => config.consoleDir,
  notBuilt: { code: 'console_not_built', message: 'The console has not been built: run `npm run build -w console` (npm ci does it).' },
});

function sendIndex(ctx: Context, config: Config): void {
  const build = consoleBuild(config);
  ctx.set('X-Frame-Options', 'DENY');
  // Its scripts and styles are files of this origin (style elements its component library adds carry the nonce); it is never framed.
  sendPage(ctx, build, (nonce) => pagePolicy(config, nonce, { frameAncestors: "'none'" }));
}

// A path whose last segment has an extension asks for a file, not a page.
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path);

/**
 * Every other GET outside the API answers the console's page: the console routes in the browser
 * (history routing), so `/screens/42` opened from a bookmark must load it too. The browser player's
 * folder is not the console's: an unknown path there is a 404.
 */
export function consoleFallback(config: Config): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const unrouted = err instanceof AppError && err.code === 'route_not_found';
      if (!unrouted || !['GET', 'HEAD'].includes(ctx.method) || ctx.path.startsWith('/api/') || ctx.path.startsWith('/player/') || looksLikeFile(ctx.path))
        throw err;
      sendIndex(ctx, config);
    }
  };
}

const INDEX_HEADERS = {
  'Content-Security-Policy': "The console's policy: scripts and styles from this origin only (style elements with this answer's nonce), never framed.",
  'Cache-Control': '`no-cache`: the page names the current build’s files.',
};

export const consoleAppRoutes = [
  route({
    method: 'GET',
    path: '/',
    operationId: 'getConsole',
    summary: 'The console, the browser app for the people who run the screens',
    description:
      'A single-page app. Every other GET outside `/api/` whose last path segment has no file extension answers the same page (history routing: `/screens/42` from a bookmark). 503 `console_not_built` until `npm run build -w console` has run.',
    tags: ['console'],
    auth: { kind: 'public' },
    response: { status: 200, contentType: 'text/html', headers: INDEX_HEADERS, description: 'The page.' },
    errors: { 503: 'The console has not been built (`console_not_built`).' },
    handler: ({ deps, ctx }) => sendIndex(ctx, deps.config),
  }),
  builtAssetsRoute({
    prefix: '',
    operationId: 'getConsoleAsset',
    app: 'the console',
    tag: 'console',
    build: consoleBuild,
    notBuilt: 'The console has not been built (`console_not_built`).',
  }),
];
