/**
 * The player's service worker (built to `/player/sw.js`, scope `/player/`): it keeps this build's
 * app files so a reload with the network down starts the player, and answers the elements'
 * requests for media from the files the page verified and kept (media-cache.ts), ranges included.
 */
import { get } from 'idb-keyval';
import { CREDENTIAL_KEY, type StoredCredential } from '../seams.js';
import { parseRange } from './byte-range.js';
import { MEDIA_CACHE, MEDIA_PATH_PREFIX, SHELL_CACHE_PREFIX } from './cache-names.js';

declare const self: ServiceWorkerGlobalScope;
/** Written by vite.config.ts: this build's app files as URL paths, the page (`/player/`) first. */
declare const __PLAYER_SHELL__: string[];
/** Written by vite.config.ts: a digest of this build's files, so each build has its own worker and cache. */
declare const __PLAYER_BUILD__: string;

const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${__PLAYER_BUILD__}`;
const PAGE = __PLAYER_SHELL__[0] ?? '/player/';
const SHELL = new Set(__PLAYER_SHELL__);
/** A server that does not answer the page within this is treated as unreachable: the kept page starts. */
const PAGE_TIMEOUT_MS = 5_000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      // Past the HTTP cache: the files must be this build's.
      await cache.addAll(__PLAYER_SHELL__.map((path) => new Request(path, { cache: 'reload' })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

// A page loaded past the worker (a hard reload) asks to be controlled, so its media come from the cache.
self.addEventListener('message', (event) => {
  if (event.data === 'claim') event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The page's own downloads carry the credential and go to the server as they are.
  if (url.pathname.startsWith(MEDIA_PATH_PREFIX) && !request.headers.has('Authorization')) event.respondWith(media(request, url.pathname));
  else if (request.mode === 'navigate' && url.pathname === PAGE) event.respondWith(page(request));
  else if (SHELL.has(url.pathname)) event.respondWith(shellFile(request));
});

/** The page from the server when it answers (a new build shows at once), else the kept one. */
async function page(request: Request): Promise<Response> {
  // Not AbortSignal.timeout: the TV browsers this build targets (Chromium 93) lack it, and the throw
  // would have served the kept page for good.
  const slow = new AbortController();
  const timer = setTimeout(() => slow.abort(), PAGE_TIMEOUT_MS);
  try {
    const fresh = await fetch(request, { signal: slow.signal });
    if (fresh.status < 500) return fresh;
    return (await caches.match(PAGE, { cacheName: SHELL_CACHE })) ?? fresh;
  } catch (err) {
    const kept = await caches.match(PAGE, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** App files are named by their content: the kept copy is the right one. */
async function shellFile(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) ?? fetch(request);
}

/** A kept media file (the part asked for), else the server's, fetched with the device credential. */
async function media(request: Request, path: string): Promise<Response> {
  const kept = await caches.match(path, { cacheName: MEDIA_CACHE });
  if (kept) return ranged(kept, request.headers.get('Range'));
  const stored = await get<StoredCredential>(CREDENTIAL_KEY).catch(() => undefined);
  const headers = new Headers();
  const range = request.headers.get('Range');
  if (range) headers.set('Range', range);
  if (stored) headers.set('Authorization', `Bearer ${stored.credential}`);
  return fetch(request.url, { headers, cache: 'no-store' });
}

/**
 * Answers a Range request from a kept file as a server would (206 with Content-Range, 416 past the
 * end): video elements only play and seek with ranges. The kept body is a blob on disk; slicing it
 * reads only the part sent.
 */
async function ranged(kept: Response, range: string | null): Promise<Response> {
  const type = kept.headers.get('Content-Type') ?? 'application/octet-stream';
  const blob = await kept.blob();
  const span = parseRange(range, blob.size);
  if (span === 'unsatisfiable') return new Response(null, { status: 416, headers: { 'Content-Range': `bytes */${blob.size}`, 'Accept-Ranges': 'bytes' } });
  if (span === undefined) {
    return new Response(blob, { status: 200, headers: { 'Content-Type': type, 'Content-Length': String(blob.size), 'Accept-Ranges': 'bytes' } });
  }
  const part = blob.slice(span.start, span.end + 1, type);
  return new Response(part, {
    status: 206,
    headers: {
      'Content-Type': type,
      'Content-Length': String(part.size),
      'Content-Range': `bytes ${span.start}-${span.end}/${blob.size}`,
      'Accept-Ranges': 'bytes',
    },
  });
}
