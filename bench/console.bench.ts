import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium.js';
import { ensureConsoleBuilt } from '../test/support/console-build.js';
import { bootServer, enrollFleet, signInOwner, type OwnerSession } from './fleet.js';
import type { BenchResult, Benchmark, Check, Measurement } from './support.js';

/** First load of the sign-in page and the screens page together, compressed as gzip. */
const BYTES_BUDGET = 350 * 1024;
/** Until the screens page is usable on Fast 3G with the CPU four times slower. */
const USABLE_BUDGET_MS = 3000;
/** One frame at 60 Hz: scrolling 5,000 screens drops no frame. */
const FRAME_BUDGET_MS = 1000 / 60;
const FLEET = 5000;

// Chromium DevTools' "Fast 3G" preset.
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1000 * 1000 * 0.9) / 8, uploadThroughput: (750 * 1000 * 0.9) / 8 };

export const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;

function row(label: string, value: number): Measurement {
  return { label, rps: 0, p50Ms: Math.round(value), p99Ms: Math.round(value), requests: 0 };
}

/** A budget kept is a ratio of at least 1: budget / what was measured. */
const within = (name: string, measured: number, budget: number): Check => ({ name, value: budget / measured, target: 1, pass: measured <= budget });

export async function signedInContext(context: BrowserContext, url: string, owner: OwnerSession): Promise<void> {
  const [name, value] = owner.cookie.split('=') as [string, string];
  await context.addCookies([{ name, value, url }]);
}

/** The console's own scripts and styles a page load fetched. */
function collectAssets(page: Page): Set<string> {
  const urls = new Set<string>();
  page.on('response', (res) => {
    if (/\/assets\/.+\.(js|css)$/.test(new URL(res.url()).pathname)) urls.add(res.url());
  });
  return urls;
}

async function gzipBytes(urls: Iterable<string>): Promise<number> {
  let total = 0;
  for (const url of urls) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    total += Number(res.headers.get('content-length') ?? (await res.arrayBuffer()).byteLength);
  }
  return total;
}

async function throttle(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

// A string, not a function: tsx names inner functions with a helper the page does not have.
const RECORD_FRAMES = `(() => {
  window.frames$ = [];
  window.stop$ = false;
  let last = performance.now();
  const tick = (now) => {
    window.frames$.push(now - last);
    last = now;
    if (!window.stop$) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})()`;

/** rAF intervals while the wheel scrolls whatever is under the middle of the page. */
export async function scrollFrames(page: Page): Promise<number[]> {
  await page.evaluate(RECORD_FRAMES);
  await page.mouse.move(700, 500);
  for (let i = 0; i < 80; i++) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(25);
  }
  return page.evaluate(() => {
    const w = window as unknown as { frames$: number[]; stop$: boolean };
    w.stop$ = true;
    return w.frames$.slice(2);
  });
}

async function run(): Promise<BenchResult> {
  ensureConsoleBuilt();
  const server = await bootServer();
  const browser = await launchChromium();
  try {
    const owner = await signInOwner(server);
    await enrollFleet(server, FLEET);

    // 1. Bytes: a first visit to the sign-in page, then (signed in) to the screens page.
    const visitor = await browser.newContext();
    const page = await visitor.newPage();
    const assets = collectAssets(page);
    await page.goto(`${server.url}/sign-in`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();
    await signedInContext(visitor, server.url, owner);
    await page.goto(`${server.url}/screens`);
    await page.getByRole('heading', { level: 1, name: 'Screens' }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    const bytes = await gzipBytes(assets);
    await visitor.close();

    // 2. Until usable, cold cache, throttled; the floor is the same network's round trips for /healthz.
    const timed = async (path: string, ready: (p: Page) => Promise<void>) => {
      const context = await browser.newContext();
      await signedInContext(context, server.url, owner);
      const p = await context.newPage();
      await throttle(await context.newCDPSession(p));
      const started = Date.now();
      await p.goto(`${server.url}${path}`, { timeout: 60_000 });
      await ready(p);
      const ms = Date.now() - started;
      await context.close();
      return ms;
    };
    const floorMs = await timed('/healthz', async () => undefined);
    const usableMs = await timed('/screens', async (p) => {
      await p.getByRole('heading', { level: 1, name: 'Screens' }).waitFor({ timeout: 60_000 });
      await p.getByRole('row').nth(1).waitFor({ timeout: 60_000 });
    });

    // 3. Scrolling 5,000 screens, against scrolling a plain page of 5,000 lines in the same browser.
    const scroller = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await signedInContext(scroller, server.url, owner);
    const list = await scroller.newPage();
    await list.goto(`${server.url}/screens`);
    await list.getByRole('row').nth(1).waitFor();
    const listFrames = await scrollFrames(list);
    const plain = await scroller.newPage();
    await plain.setContent(`<main>${Array.from({ length: FLEET }, (_, i) => `<p>Line ${i}</p>`).join('')}</main>`);
    const plainFrames = await scrollFrames(plain);
    await scroller.close();

    const listP95 = percentile(listFrames, 95);
    const plainP95 = percentile(plainFrames, 95);
    return {
      setup: `the whole server with ${FLEET.toLocaleString('en-US')} screens; Chromium ${browser.version()}; figures in the p50/p99 columns are single values (bytes as KB, times in ms)`,
      measurements: [
        row(`sign-in + screens pages, JS and CSS (gzip KB, budget ${BYTES_BUDGET / 1024})`, bytes / 1024),
        row('/healthz on Fast 3G, 4x CPU (floor, ms)', floorMs),
        row(`screens page usable on Fast 3G, 4x CPU (ms, budget ${USABLE_BUDGET_MS}; ${(usableMs / floorMs).toFixed(1)}x the floor)`, usableMs),
        row(`scrolling a plain page of ${FLEET} lines: p95 frame (ms)`, plainP95),
        row(`scrolling ${FLEET} screens: p95 frame (ms; ${(listP95 / plainP95).toFixed(2)}x the plain page)`, listP95),
      ],
      checks: [
        within('JS+CSS bytes within budget', bytes, BYTES_BUDGET),
        within('usable within 3 s', usableMs, USABLE_BUDGET_MS),
        within('p95 frame within 16.7 ms', listP95, FRAME_BUDGET_MS * 1.05),
      ],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const consoleBenchmark: Benchmark = { name: 'console', run };
