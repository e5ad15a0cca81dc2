/**
 * What the page (media-cache.ts) and the service worker (sw.ts) agree on: the Cache Storage names
 * and the shape of what is kept there.
 */

/** Verified media files, keyed by their download path: the only cache the worker answers media from. */
export const MEDIA_CACHE = 'player-media';

/** Files being downloaded and not verified yet: never answered by the worker. */
export const STAGING_CACHE = 'player-media-staging';

/** The app's own files of one build; the build's version follows the prefix. */
export const SHELL_CACHE_PREFIX = 'player-shell-';

/** Where the server serves a manifest's files (`downloadPath`). */
export const MEDIA_PATH_PREFIX = '/api/v1/player/assets/';

/** The verified SHA-256 (hex) of a kept file, on its stored answer: read back when the page starts. */
export const SHA256_HEADER = 'X-Player-Sha256';
