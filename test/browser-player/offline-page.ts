/**
 * What offline.test.ts runs in Chromium in place of the player's entry script: the player's offline
 * parts, reachable from the test through `window.offline`. Bundled by esbuild; runs in the page.
 */
import { set } from 'idb-keyval';
import { AppUpdates } from '../../browser-player/src/offline/app-updates.js';
import { MediaCache } from '../../browser-player/src/offline/media-cache.js';
import { registerServiceWorker } from '../../browser-player/src/offline/register.js';
import { CREDENTIAL_KEY, type StoredCredential } from '../../browser-player/src/seams.js';

const offline = {
  registerServiceWorker,
  saveCredential: (stored: StoredCredential) => set(CREDENTIAL_KEY, stored),
  /** The cache the test reads, made as the player makes it at start. */
  cache: undefined as unknown as MediaCache,
  /** What the player says of its screen: nothing on it a reload would cut. */
  idle: false,
  /** The app updates as the player starts them, reloading the page as the player does. */
  updates: new AppUpdates({ reload: () => location.reload(), idle: (): boolean => offline.idle }),
  startCache(credential: string, stallMs?: number): void {
    offline.cache = new MediaCache({ credential: () => credential, baseUrl: location.origin, ...(stallMs ? { stallMs } : {}) });
  },
};

export type OfflinePage = typeof offline;

(window as unknown as { offline: OfflinePage }).offline = offline;
