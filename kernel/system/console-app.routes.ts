import { randomBytes } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { Context, Middleware } from 'koa';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { KernelDeps } from '../kernel-deps.js';
import { routeFor } from '../plugin.js';
import { type ConsoleBuild, loadConsoleBuild, pickEncoding } from './console-files.js';

const route = routeFor<KernelDeps>();

/** What the console's build writes where each page's nonce goes (`html.cspNonce` in console/vite.config.ts). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const builds = new WeakMap<Config, ConsoleBuild>();

/**
 * The console's files, read once the build is there. A server started before `npm run build -w
 * console` finished picks the build up on a later request.
 */
function consoleBuild(config: Config): ConsoleBuild {
  const build = builds.get(config) ?? loadConsoleBuild(config.consoleDir);
  if (!build) throw new AppError('unavailable', 'console_not_built', 'The console has not been built: run `npm run build -w console` (npm ci does it).');
  builds.set(config, build);
  return build;
}

/**
 * The console's page policy: its scripts and styles are files of this origin; the style elements
 * its component library adds carry this answer's nonce; it is never framed.
 */
function consolePolicy(config: Config, nonce: string): string {
  const https = config.publicUrl.protocol === 'https:';
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${https ? 'wss' : 'ws'}://${config.publicUrl.host}`,
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

function sendIndex(ctx: Context, config: Config, build: ConsoleBuild): void {
  const nonce = randomBytes(16).toString('base64');
  ctx.set('Content-Security-Policy', consolePolicy(config, nonce));
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = build.indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce);
}

// A path whose last segment has an extension asks for a file, not a page.
const looksLikeFile = (path: string) => /\.[A-Za-z0-9]+$/.test(path);

/**
 * Every other GET outside the API answers the console's page: the console routes in the browser
 * (history routing), so `/screens/42` opened from a bookmark must load it too.
 */
export function consoleFallback(config: Config): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (err) {
      const unrouted = err instanceof AppError && err.code === 'route_not_found';
      if (!unrouted || !['GET', 'HEAD'].includes(ctx.method) || ctx.path.startsWith('/api/') || looksLikeFile(ctx.path)) throw err;
      sendIndex(ctx, config, consoleBuild(config));
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
    handler: ({ deps, ctx }) => sendIndex(ctx, deps.config, consoleBuild(deps.config)),
  }),
  route({
    method: 'GET',
    path: '/assets/{file}',
    operationId: 'getConsoleAsset',
    summary: "One of the console's built files (scripts, styles, images), named by its content hash",
    tags: ['console'],
    auth: { kind: 'public' },
    params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }) }),
    response: {
      status: 200,
      contentType: ['text/javascript', 'text/css', 'image/*', 'font/woff2', 'application/json', 'application/octet-stream'],
      headers: {
        'Cache-Control': '`public, max-age=31536000, immutable`: a changed file gets a new name.',
        ETag: 'The content hash.',
        'Content-Encoding': '`br` or `gzip` for text, as Accept-Encoding allows.',
        Vary: '`Accept-Encoding`',
      },
      otherStatuses: { 304: 'The copy named in If-None-Match is current.' },
      description: 'The file.',
    },
    errors: { 404: 'No such file in this build (`not_found`).', 503: 'The console has not been built (`console_not_built`).' },
    handler: ({ deps, ctx, params }) => {
      const file = consoleBuild(deps.config).files.get(`/assets/${params.file}`);
      if (!file) throw new AppError('not_found', 'not_found', 'No such file in this build of the console.');
      ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
      ctx.set('ETag', file.etag);
      ctx.set('Vary', 'Accept-Encoding');
      ctx.type = file.type;
      if (ctx.get('if-none-match') === file.etag) {
        ctx.status = 304;
        return;
      }
      const encoding = pickEncoding(file, ctx.get('accept-encoding'));
      if (encoding) ctx.set('Content-Encoding', encoding);
      ctx.body = encoding ? file[encoding] : file.identity;
    },
  }),
];
