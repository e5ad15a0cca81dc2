import type { KernelDeps } from '../kernel-deps.js';
import { routeFor } from '../plugin.js';
import { builtApp, builtAssetsRoute, sendBuiltFile, sendPage } from './built-app.js';
import { directDownloadOrigin, type PageNeeds, pagePolicy } from './page-policy.js';

const route = routeFor<KernelDeps>();

const playerBuild = builtApp({
  dir: (config) => config.browserPlayerDir,
  notBuilt: {
    code: 'browser_player_not_built',
    message: 'The browser player has not been built: run `npm run build -w browser-player` (npm ci does it).',
  },
});

/**
 * The browser player's needs beyond the console's: it shows what playlists name, so websites of any
 * origin in frames; media and images from this origin (through its service worker), `blob:` (played
 * from the network where Cache Storage is missing) and the bucket a download is redirected to; its
 * own service worker; style attributes (the stage and layout documents position regions with them).
 * The console may show the player in a frame; nobody else may.
 */
const playerNeeds = (bucket: string | undefined): PageNeeds => ({
  frameAncestors: "'self'",
  frameSrc: ["'self'", 'https:', 'http:'],
  serviceWorker: true,
  styleAttributes: true,
  fileOrigins: bucket ? [bucket] : [],
});

/**
 * The service worker's own policy (a worker is governed by its script's answer, not the page's): it
 * reads the player's files and media from this origin, and media from the bucket downloads are
 * redirected to.
 */
const workerPolicy = (bucket: string | undefined) => `default-src 'none'; connect-src 'self'${bucket ? ` ${bucket}` : ''}; script-src 'self'`;

const NOT_BUILT = 'The browser player has not been built (`browser_player_not_built`).';

export const playerAppRoutes = [
  route({
    method: 'GET',
    path: '/player/',
    operationId: 'getBrowserPlayer',
    summary: 'The browser player: any screen with a browser becomes a signage screen',
    description:
      'A page that pairs like a stock player, keeps its device credential in the browser (IndexedDB) and plays what the server decides. Its service worker (`/player/sw.js`) keeps the app and the media for offline play. 503 `browser_player_not_built` until `npm run build -w browser-player` has run.',
    tags: ['browser player'],
    auth: { kind: 'public' },
    response: {
      status: 200,
      contentType: 'text/html',
      headers: {
        'Content-Security-Policy':
          "The player's policy: scripts from this origin only, style elements with this answer's nonce, websites of any origin in frames, media and images from this origin, `blob:` or the bucket downloads are redirected to (MEDIA_DOWNLOADS=redirect), the player socket, its service worker; framed only by this origin.",
        'Cache-Control': '`no-cache`: the page names the current build’s files.',
      },
      description: 'The page.',
    },
    errors: { 503: NOT_BUILT },
    handler: async ({ deps, ctx }) => {
      const build = playerBuild(deps.config);
      const needs = playerNeeds(await directDownloadOrigin(deps.storage));
      sendPage(ctx, build, (nonce) => pagePolicy(deps.config, nonce, needs));
    },
  }),
  // After `/player/`: the router lets `/player` match a request for `/player/` too.
  route({
    method: 'GET',
    path: '/player',
    operationId: 'getBrowserPlayerRedirect',
    summary: 'Sends a browser to the browser player at `/player/`',
    description:
      'The service worker may only control pages under `/player/` (the folder of `/player/sw.js`): a page at `/player` would not play offline. The query string is kept.',
    tags: ['browser player'],
    auth: { kind: 'public' },
    // No media type: the answer has no body.
    response: {
      status: 308,
      contentType: [],
      headers: { Location: '`/player/` with the request’s query string.' },
      description: 'Moved for good to `/player/`.',
    },
    handler: ({ ctx }) => {
      ctx.status = 308;
      ctx.set('Location', `/player/${ctx.search}`);
      ctx.body = '';
      ctx.remove('Content-Type');
    },
  }),
  route({
    method: 'GET',
    path: '/player/sw.js',
    operationId: 'getBrowserPlayerServiceWorker',
    summary: "The browser player's service worker: keeps the app and the media for offline play",
    description:
      'Its name never changes (a browser looks for a new worker at the same address), so it is revalidated on every check: a new build has a new worker, which replaces the old app files.',
    tags: ['browser player'],
    auth: { kind: 'public' },
    response: {
      status: 200,
      contentType: 'text/javascript',
      headers: {
        'Cache-Control': '`no-cache`: a new build must be found at once.',
        'Content-Security-Policy': "The worker's own policy: it reaches only this origin and the bucket downloads are redirected to.",
        ETag: 'The content hash.',
        'Content-Encoding': '`br` or `gzip`, as Accept-Encoding allows.',
        Vary: '`Accept-Encoding`',
      },
      otherStatuses: { 304: 'The copy named in If-None-Match is current.' },
      description: 'The script.',
    },
    errors: { 404: 'This build has no service worker (`not_found`).', 503: NOT_BUILT },
    handler: async ({ deps, ctx }) => {
      ctx.set('Content-Security-Policy', workerPolicy(await directDownloadOrigin(deps.storage)));
      sendBuiltFile(ctx, playerBuild(deps.config), '/sw.js', 'no-cache');
    },
  }),
  builtAssetsRoute({
    prefix: '/player',
    operationId: 'getBrowserPlayerAsset',
    app: 'the browser player',
    tag: 'browser player',
    build: playerBuild,
    notBuilt: NOT_BUILT,
  }),
];
