import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context } from 'koa';
import { Type } from '@sinclair/typebox';
import type { Config } from '../config.js';
import { AppError } from '../errors.js';
import type { KernelDeps } from '../kernel-deps.js';
import { routeFor } from '../plugin.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
};

// Text worth compressing; images and fonts already are.
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest']);

/**
 * The browser apps the server serves (the console at `/`, the browser player at `/player/`): each a
 * Vite build read from its folder once it is there, and answered by the same code.
 */

/** One built file, held in memory with its compressed forms (a whole app is a few hundred KB). */
export interface BuiltFile {
  type: string;
  etag: string;
  identity: Buffer;
  gzip?: Buffer;
  br?: Buffer;
}

export interface AppBuild {
  /** `index.html` as built, with the nonce placeholder still in it. */
  indexHtml: string;
  /** Files by URL path (`/assets/index-3f2a1c.js`, `/sw.js`). */
  files: Map<string, BuiltFile>;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : entry.isFile() ? [join(dir, entry.name)] : [],
  );
}

function fileOf(path: string): BuiltFile {
  const identity = readFileSync(path);
  const ext = extname(path);
  const compress = COMPRESSIBLE.has(ext) && identity.length > 1024;
  return {
    type: TYPES[ext] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`,
    identity,
    gzip: compress ? gzipSync(identity, { level: 9 }) : undefined,
    br: compress ? brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) : undefined,
  };
}

/** Reads a built app once; undefined while it has not been built. */
function loadAppBuild(dir: string): AppBuild | undefined {
  const index = join(dir, 'index.html');
  if (!existsSync(index)) return undefined;
  const files = new Map<string, BuiltFile>();
  for (const path of walk(dir)) {
    if (path === index) continue;
    files.set(`/${relative(dir, path).split('\\').join('/')}`, fileOf(path));
  }
  return { indexHtml: readFileSync(index, 'utf8'), files };
}

/** The best encoding the client accepts among those the file has. */
function pickEncoding(file: BuiltFile, acceptEncoding: string): 'br' | 'gzip' | undefined {
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => q?.trim() !== 'q=0')
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (file.br && accepted.has('br')) return 'br';
  if (file.gzip && accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** What the build writes where each page's nonce goes (`html.cspNonce` in the app's vite.config.ts). */
const NONCE_PLACEHOLDER = '__CSP_NONCE__';

export interface BuiltAppOptions {
  /** The app's folder in the configuration. */
  dir: (config: Config) => string;
  /** The 503's code and message while the folder holds no build. */
  notBuilt: { code: string; message: string };
}

/**
 * One browser app's build, read on first use. A server started before the build finished picks it
 * up on a later request; until then every answer is 503 with the app's own code.
 */
export function builtApp(options: BuiltAppOptions): (config: Config) => AppBuild {
  const builds = new WeakMap<Config, AppBuild>();
  return (config) => {
    const build = builds.get(config) ?? loadAppBuild(options.dir(config));
    if (!build) throw new AppError('unavailable', options.notBuilt.code, options.notBuilt.message);
    builds.set(config, build);
    return build;
  };
}

/**
 * Answers the app's page with a fresh nonce in it and in its policy (made by `policy`), never cached
 * (it names the current build's files).
 */
export function sendPage(ctx: Context, build: AppBuild, policy: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  ctx.set('Content-Security-Policy', policy(nonce));
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = build.indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce);
}

/**
 * Answers one built file (`/assets/x.js` as the build's folder names it) with its ETag, revalidation
 * and the best compression the client accepts; 404 when this build has no such file.
 */
export function sendBuiltFile(ctx: Context, build: AppBuild, path: string, cacheControl: string): void {
  const file = build.files.get(path);
  if (!file) throw new AppError('not_found', 'not_found', 'No such file in this build.');
  ctx.set('Cache-Control', cacheControl);
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
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `GET <prefix>/assets/{file}`: one of an app's built files, named by its content hash (one year in caches). */
export function builtAssetsRoute(o: { prefix: string; operationId: string; app: string; tag: string; build: (config: Config) => AppBuild; notBuilt: string }) {
  return routeFor<KernelDeps>()({
    method: 'GET',
    path: `${o.prefix}/assets/{file}`,
    operationId: o.operationId,
    summary: `One of ${o.app}'s built files (scripts, styles, images), named by its content hash`,
    tags: [o.tag],
    auth: { kind: 'public' },
    params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._-]+$' }) }),
    response: {
      status: 200,
      contentType: ['text/javascript', 'text/css', 'image/*', 'font/woff2', 'application/json', 'application/octet-stream'],
      headers: {
        'Cache-Control': `\`${IMMUTABLE}\`: a changed file gets a new name.`,
        ETag: 'The content hash.',
        'Content-Encoding': '`br` or `gzip` for text, as Accept-Encoding allows.',
        Vary: '`Accept-Encoding`',
      },
      otherStatuses: { 304: 'The copy named in If-None-Match is current.' },
      description: 'The file.',
    },
    errors: { 404: 'No such file in this build (`not_found`).', 503: o.notBuilt },
    handler: ({ deps, ctx, params }) => sendBuiltFile(ctx, o.build(deps.config), `/assets/${params.file}`, IMMUTABLE),
  });
}
