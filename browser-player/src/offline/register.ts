/** How long to wait for a first worker to keep the app and take control before playing without it. */
const CONTROL_TIMEOUT_MS = 30_000;

/**
 * Installs the player's service worker (`sw.js` beside the page, scope the page's folder) and waits
 * until it controls the page, so media load from the cache. False where there is none: an insecure
 * context (plain http on a LAN address), a browser without service workers, the Vite dev server,
 * or a worker that could not install.
 */
export async function registerServiceWorker(): Promise<boolean> {
  if (!globalThis.isSecureContext || !('serviceWorker' in navigator)) return false;
  // The page's own folder (`/player/`): the worker sits beside the page and controls that folder.
  const folder = new URL('./', document.baseURI).pathname;
  const container = navigator.serviceWorker;
  try {
    await container.register(`${folder}sw.js`, { scope: folder });
    const controlled = new Promise<boolean>((resolve) => {
      if (container.controller) return resolve(true);
      container.addEventListener('controllerchange', () => resolve(true), { once: true });
      setTimeout(() => resolve(container.controller !== null), CONTROL_TIMEOUT_MS);
      // A page loaded past the worker (a hard reload) is not controlled until the worker claims it.
      void container.ready.then((registration) => registration.active?.postMessage('claim'));
    });
    return await controlled;
  } catch (err) {
    console.warn(`browser player: no service worker, nothing is kept for offline play (${(err as Error).message})`);
    return false;
  }
}
