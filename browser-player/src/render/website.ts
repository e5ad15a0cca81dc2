import type { WebsiteSettings } from '../seams.js';
import { mountImage } from './media.js';
import { drawPlaceholder, type Mounted } from './mounted.js';

/**
 * A website: its page in a frame, zoomed and moved to its scroll offset, loaded again on its
 * interval, and when it does not load, its fallback image, a placeholder, or a refusal (the stage
 * rejects it and playback moves on).
 *
 * A page learns little of a frame from another origin: `load` fires for the browser's own error
 * page too (no answer, refused connection, HTTP error, framing forbidden), and nothing inside can
 * be read. So the page has failed when it has not loaded within its timeout, or at once when the
 * browser knows it has no network; other failures show the browser's error page.
 */

/** A frame given no settings: the server's defaults for a new website, on white as pages expect. */
export const FRAME_DEFAULTS: WebsiteSettings = {
  loadTimeoutMs: 20_000,
  zoomPercent: 100,
  scrollX: 0,
  scrollY: 0,
  backgroundColor: '#ffffff',
  onFailure: 'placeholder',
  name: '',
};

/** The fallback image: its URL (the cached copy) and how it fits. */
export interface FallbackImage {
  src: string;
  fitMode: string;
}

export function mountWebsite(src: string, s: WebsiteSettings = FRAME_DEFAULTS, fallback?: FallbackImage): Mounted {
  const box = document.createElement('div');
  box.className = 'stage-media stage-website';
  box.style.backgroundColor = s.backgroundColor;
  const released = new AbortController();
  const { signal } = released;
  let frame: HTMLIFrameElement | undefined;
  let standIn: Mounted | undefined;
  let reloadTimer: ReturnType<typeof setTimeout> | undefined;

  // A reload loads the page in a second, hidden frame and swaps it in once loaded: no blank screen
  // while it loads, and a reload that fails leaves the page on screen.
  const scheduleReload = () => {
    if (!s.reloadEveryMs) return;
    reloadTimer = setTimeout(async () => {
      // Without a network the reload would only bring the browser's error page.
      if (navigator.onLine) {
        const next = openFrame(src, s);
        next.classList.add('website-incoming');
        box.append(next);
        if (await loaded(next, s.loadTimeoutMs, signal)) {
          closeFrame(frame);
          frame = next;
          next.classList.remove('website-incoming');
        } else {
          closeFrame(next);
        }
      }
      if (!signal.aborted) scheduleReload();
    }, s.reloadEveryMs);
  };

  const start = async (): Promise<void> => {
    if (navigator.onLine) {
      frame = openFrame(src, s);
      box.append(frame);
      if (await loaded(frame, s.loadTimeoutMs, signal)) return scheduleReload();
      closeFrame(frame);
      frame = undefined;
    }
    if (signal.aborted) return;
    if (s.onFailure === 'skip') throw new Error(`website did not load (${navigator.onLine ? `not within ${s.loadTimeoutMs} ms` : 'no network'})`);
    if (s.onFailure === 'fallback_image' && fallback) {
      const image = mountImage(fallback.src, fallback.fitMode);
      standIn = image;
      box.append(image.element);
      try {
        return await image.ready;
      } catch {
        // An image that cannot be decoded: the placeholder rather than nothing.
        image.release();
        if (signal.aborted) return;
      }
    }
    standIn = placeholder(s);
    box.append(standIn.element);
  };

  return {
    element: box,
    ready: start(),
    loadsWithinMs: s.loadTimeoutMs,
    draw(ctx, area) {
      if (standIn) standIn.draw(ctx, area);
      else drawPlaceholder(ctx, area, `Website: ${hostOf(src)}`);
    },
    release() {
      released.abort();
      clearTimeout(reloadTimer);
      for (const f of box.querySelectorAll('iframe')) closeFrame(f);
      standIn?.release();
      box.remove();
    },
  };
}

function openFrame(src: string, s: WebsiteSettings): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  frame.className = 'website-frame';
  // Ordinary pages run (scripts, their own storage, forms); they may not navigate the player away.
  // A page of the player's own origin runs as a stranger: with its origin it could lift the sandbox
  // and read the device credential from this origin's IndexedDB.
  frame.setAttribute('sandbox', `allow-scripts allow-forms allow-popups${sameOrigin(src) ? '' : ' allow-same-origin'}`);
  frame.setAttribute('allow', 'autoplay; fullscreen');
  frame.referrerPolicy = 'no-referrer';
  // Zoom as a browser zooms: the page lays out in a viewport 1/zoom the size of the box and is
  // scaled to fill it. A page of another origin cannot be scrolled from outside, so the frame is
  // made larger by the offset and moved back by it: the page's point at the offset shows at the
  // corner. The page's viewport is larger by the offset too (a page sized to its viewport's height
  // shows differently than scrolled).
  const zoom = s.zoomPercent / 100;
  frame.style.width = `calc(${100 / zoom}% + ${s.scrollX}px)`;
  frame.style.height = `calc(${100 / zoom}% + ${s.scrollY}px)`;
  frame.style.transform = `scale(${zoom}) translate(${-s.scrollX}px, ${-s.scrollY}px)`;
  frame.src = src;
  return frame;
}

function closeFrame(frame: HTMLIFrameElement | undefined): void {
  if (!frame) return;
  frame.src = 'about:blank';
  frame.remove();
}

/** Whether the frame fires `load` within `ms` (false on a timeout or when released). */
function loaded(frame: HTMLIFrameElement, ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (ok: boolean) => () => {
      clearTimeout(timer);
      frame.removeEventListener('load', onLoad);
      signal.removeEventListener('abort', onAbort);
      resolve(ok);
    };
    const onLoad = settle(true);
    const onAbort = settle(false);
    timer = setTimeout(onAbort, ms);
    frame.addEventListener('load', onLoad);
    signal.addEventListener('abort', onAbort);
  });
}

/** What stands in for a page that did not load: its name, and that it cannot be shown, on its background. */
function placeholder(s: WebsiteSettings): Mounted {
  const el = document.createElement('div');
  el.className = 'website-placeholder';
  el.style.color = readableOn(s.backgroundColor);
  const title = document.createElement('p');
  title.className = 'website-placeholder-name';
  title.textContent = s.name || 'Website';
  const note = document.createElement('p');
  note.textContent = 'Not available at the moment';
  el.append(title, note);
  return {
    element: el,
    ready: Promise.resolve(),
    draw: (ctx, area) => drawPlaceholder(ctx, area, `${title.textContent}: not available`),
    release: () => el.remove(),
  };
}

/** Dark text on a light background (`#rgb` or `#rrggbb`), light text on anything else. */
function readableOn(color: string): string {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return '#f2f4f8';
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 150 ? '#11151c' : '#f2f4f8';
}

function sameOrigin(src: string): boolean {
  try {
    return new URL(src, location.href).origin === location.origin;
  } catch {
    return true;
  }
}

function hostOf(src: string): string {
  try {
    return new URL(src, location.href).host || src;
  } catch {
    return src;
  }
}
