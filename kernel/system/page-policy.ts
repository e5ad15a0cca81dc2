import type { Config } from '../config.js';
import type { Storage } from '../storage/storage.js';

/** What one browser app's page may do beyond the common base (scripts and styles of this origin). */
export interface PageNeeds {
  /** Who may frame the page: `'none'` (the console) or `'self'` (the player, shown in the console). */
  frameAncestors: "'none'" | "'self'";
  /** Sources of frames; none when the page frames nothing. */
  frameSrc?: string[];
  /** The page runs a service worker of this origin. */
  serviceWorker?: boolean;
  /** Style attributes run no script; the player's stage positions its regions with them. */
  styleAttributes?: boolean;
  /** Origins the page fetches, plays and shows files from besides its own (a bucket's presigned downloads). */
  fileOrigins?: string[];
}

/**
 * The Content-Security-Policy of a page the server serves (the console, the browser player): the
 * directives they share written once, with each page's own needs added. `nonce` is the answer's
 * own, for style elements.
 */
export function pagePolicy(config: Config, nonce: string, needs: PageNeeds): string {
  const https = config.publicUrl.protocol === 'https:';
  const files = needs.fileOrigins ?? [];
  const sources = (...list: string[]) => [...list, ...files].join(' ');
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    `style-src 'self' 'nonce-${nonce}'`,
    ...(needs.styleAttributes ? ["style-src-attr 'unsafe-inline'"] : []),
    `img-src ${sources("'self'", 'data:', 'blob:')}`,
    `media-src ${sources("'self'", 'blob:')}`,
    "font-src 'self' data:",
    `connect-src ${sources("'self'", `${https ? 'wss' : 'ws'}://${config.publicUrl.host}`)}`,
    ...(needs.serviceWorker ? ["worker-src 'self'"] : []),
    ...(needs.frameSrc ? [`frame-src ${needs.frameSrc.join(' ')}`] : []),
    "object-src 'none'",
    "form-action 'self'",
    `frame-ancestors ${needs.frameAncestors}`,
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

const origins = new WeakMap<Storage, Promise<string | undefined>>();

/**
 * The origin a media download is redirected to (the bucket's, with MEDIA_DOWNLOADS=redirect), or
 * undefined when downloads are served by this server. Read from a URL the store presigns for a
 * made-up key (signing is local, nothing is sent), so it is the origin the SDK really writes:
 * path or host style, custom endpoint or AWS's own. Once per store.
 */
export function directDownloadOrigin(storage: Storage): Promise<string | undefined> {
  let origin = origins.get(storage);
  if (!origin) {
    origin = (storage.directUrl?.('page-policy-probe', { filename: 'probe', mimeType: 'application/octet-stream' }) ?? Promise.resolve(undefined)).then(
      (url) => (url ? new URL(url).origin : undefined),
    );
    origins.set(storage, origin);
  }
  return origin;
}
