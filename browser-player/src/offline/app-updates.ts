/**
 * A running screen picks up a new build of the player by itself. The browser looks for a new
 * service worker when asked (here: every CHECK_INTERVAL_MS and when the socket reconnects, as a
 * server upgrade restarts it); a new build's worker installs its app files and takes control at
 * once (sw.ts), after which this page runs a build that is no longer kept. It reloads then, at a
 * quiet moment (between items, at once when nothing plays, within an hour whatever plays), from
 * the kept files: instant, and safe if the network drops.
 */

/** How often the browser is asked to look for a new worker (a 304 on `sw.js` when there is none). */
const CHECK_INTERVAL_MS = 15 * 60_000;
/** One reload for a new build per this long, whatever happens: never a reload loop. */
const RELOAD_GUARD_MS = 10 * 60_000;
/** When this tab last reloaded for a new build (sessionStorage outlives the reload). */
const RELOADED_AT_KEY = 'player-app-reloaded-at';
/** A screen whose item never ends (one whole-screen layout) takes a waiting build after this long anyway. */
const LONGEST_WAIT_MS = 60 * 60_000;

export interface AppUpdatesOptions {
  reload: () => void;
  /** Whether nothing is on screen that a reload would cut (no content, outside active hours): the new build loads at once. */
  idle?: () => boolean;
}

export class AppUpdates {
  private waitingBuild = false;
  private timer: ReturnType<typeof setInterval> | undefined;
  private longestWait: ReturnType<typeof setTimeout> | undefined;
  private readonly onControl = () => void this.compare();

  constructor(private readonly o: AppUpdatesOptions) {}

  /** Whether a new build controls the page and this page still runs the old one. */
  get waiting(): boolean {
    return this.waitingBuild;
  }

  start(): void {
    if (!globalThis.isSecureContext || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.addEventListener('controllerchange', this.onControl);
    this.timer = setInterval(() => void this.check(), CHECK_INTERVAL_MS);
  }

  stop(): void {
    clearInterval(this.timer);
    clearTimeout(this.longestWait);
    this.timer = undefined;
    if ('serviceWorker' in navigator) navigator.serviceWorker.removeEventListener('controllerchange', this.onControl);
  }

  /** Asks the browser to look for a new worker now; resolves once a new build, if any, has been weighed. */
  async check(): Promise<void> {
    if (!globalThis.isSecureContext || !('serviceWorker' in navigator) || !navigator.onLine) return;
    const registration = await navigator.serviceWorker.getRegistration(new URL('./', document.baseURI).href);
    // A check that fails (the server restarting) is simply tried at the next one.
    await registration?.update().catch(() => undefined);
    await this.compare();
  }

  /**
   * Between items: reloads when a new build waits, the network is up and this tab has not reloaded
   * for a build within RELOAD_GUARD_MS.
   */
  quietMoment(): void {
    if (!this.waitingBuild || !navigator.onLine) return;
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    if (Number.isFinite(last) && Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    this.o.reload();
  }

  /**
   * A worker activating removes the app files of every other build: a page whose own entry script
   * is no longer kept runs an old build. (A page taken over by its own build's worker, as after a
   * hard reload, finds its script kept.) A new worker controls the page before its activation has
   * run, so it is weighed once activated.
   */
  private async compare(): Promise<void> {
    const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src;
    const worker = navigator.serviceWorker.controller;
    if (!entry || !worker) return;
    await new Promise<void>((resolve) => {
      const settled = () => worker.state === 'activated' || worker.state === 'redundant';
      if (settled()) return resolve();
      const onState = () => {
        if (!settled()) return;
        worker.removeEventListener('statechange', onState);
        resolve();
      };
      worker.addEventListener('statechange', onState);
    });
    if (this.waitingBuild || worker.state !== 'activated' || (await caches.match(new URL(entry).pathname))) return;
    this.waitingBuild = true;
    if (this.o.idle?.()) this.quietMoment();
    else this.longestWait = setTimeout(() => this.quietMoment(), LONGEST_WAIT_MS);
  }
}
