import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../test/support/chromium.js';
import { ensureConsoleBuilt } from '../test/support/console-build.js';
import { bootServer, enrollFleet, signInOwner } from './fleet.js';
import type { BenchResult, Benchmark, Check, Measurement } from './support.js';

/** The server's limit, all on one screen's week. */
const MANY = 1000;
/** The baseline: the same page, the same week, a handful of schedules. */
const FEW = 10;
const FRAME_BUDGET_MS = 1000 / 60;

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] ?? 0;
const row = (label: string, value: number): Measurement => ({
  label,
  rps: 0,
  p50Ms: Math.round(value * 10) / 10,
  p99Ms: Math.round(value * 10) / 10,
  requests: 0,
});
const within = (name: string, measured: number, budget: number): Check => ({ name, value: budget / measured, target: 1, pass: measured <= budget });

// Strings, not functions: tsx names inner functions with a helper the page does not have.
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
const EVENTS_SHOWN = (n: number) =>
  `document.querySelectorAll('section[aria-label^="Week of schedules"] [role="button"][aria-label*=", priority "]').length >= ${n}`;

/** One schedule a day at a different hour each, spread over the whole week: `count` events in view. */
const scheduleBody = (i: number, screenId: string, playlistId: string) => ({
  name: `Bench ${i}`,
  playlistId,
  type: 'weekly',
  timezone: 'UTC',
  priority: i % 999,
  daysOfWeek: [i % 7],
  dailyStart: `${String(Math.floor(i / 7) % 24).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  dailyEnd: `${String((Math.floor(i / 7) % 24) + 1 === 24 ? 0 : (Math.floor(i / 7) % 24) + 1).padStart(2, '0')}:00`,
  targets: [{ type: 'screen', id: screenId }],
});

/** Opens the Schedules page, picks the screen, and times until its `count` events are drawn. */
async function renderMs(context: BrowserContext, url: string, screenName: string, count: number): Promise<{ ms: number; page: Page }> {
  const page = await context.newPage();
  await page.goto(`${url}/schedules`);
  const input = page.getByRole('textbox', { name: 'Screen', exact: true });
  await input.click();
  await input.fill(screenName);
  const option = page.getByRole('option', { name: screenName, exact: true });
  await option.waitFor();
  const started = Date.now();
  await option.click();
  await page.waitForFunction(EVENTS_SHOWN(count), undefined, { polling: 'raf', timeout: 120_000 });
  return { ms: Date.now() - started, page };
}

/** rAF intervals while the wheel scrolls the week's hours down and back up. */
async function scrollFrames(page: Page): Promise<number[]> {
  const grid = (await page.getByRole('region', { name: /^Week of schedules/ }).boundingBox())!;
  await page.mouse.move(grid.x + grid.width / 2, grid.y + grid.height * 0.6);
  await page.evaluate(RECORD_FRAMES);
  for (let i = 0; i < 60; i++) {
    await page.mouse.wheel(0, i < 30 ? 120 : -120);
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
    const headers = { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrfToken };
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/v1${path}`, { method, headers, body: JSON.stringify(body) });
      if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 600)}`);
      return ((await res.json()) as { data: any }).data;
    };
    const [screen] = await enrollFleet(server, 1);
    const playlist = await call('POST', '/playlists', { name: 'Bench playlist' });
    // Through the API, as people make them (each checked and pushed), eight at a time.
    const add = async (from: number, to: number) => {
      for (let i = from; i < to; i += 8)
        await Promise.all(
          Array.from({ length: Math.min(8, to - i) }, (_, j) => call('POST', '/schedules', scheduleBody(i + j, screen!.screenId, playlist.id))),
        );
    };
    const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const [name, value] = owner.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.url }]);
    // The same screen's week twice (the server holds at most 1,000): the baseline first, which also
    // warms the browser's cache of the console's files, then with the rest added.
    await add(0, FEW);
    const few = await renderMs(context, server.url, 'Bench screen 0', FEW);
    const fewFrames = await scrollFrames(few.page);
    await add(FEW, MANY);
    const many = await renderMs(context, server.url, 'Bench screen 0', MANY);
    const manyFrames = await scrollFrames(many.page);
    await context.close();

    const fewP95 = percentile(fewFrames, 95);
    const manyP95 = percentile(manyFrames, 95);
    return {
      setup: `the whole server; one screen's week with ${MANY.toLocaleString('en-US')} schedules in view against the same week with ${FEW}; Chromium ${browser.version()}; figures in the p50/p99 columns are single values in ms`,
      measurements: [
        row(`week with ${FEW} schedules: picked to drawn (ms)`, few.ms),
        row(`week with ${MANY} schedules: picked to drawn (ms; ${(many.ms / few.ms).toFixed(1)}x the baseline)`, many.ms),
        row(`scrolling the week with ${FEW}: p95 frame (ms)`, fewP95),
        row(`scrolling the week with ${MANY}: p95 frame (ms; ${(manyP95 / fewP95).toFixed(2)}x the baseline)`, manyP95),
      ],
      checks: [within(`p95 frame scrolling ${MANY} schedules within one 60 Hz frame`, manyP95, FRAME_BUDGET_MS * 1.05)],
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

export const schedulesCalendarBenchmark: Benchmark = { name: 'schedules-calendar', run };
