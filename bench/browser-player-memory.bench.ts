import type { CDPSession } from 'playwright-core';
import { publishPictures, seedPictures, startBenchPlayer } from './browser-player-rig.js';
import type { BenchResult, Benchmark, Check, Measurement } from './support.js';

const ITEMS = 50;
const ITEM_MS = 60_000;
const DAY = 86_400_000;
/** Growth allowed from the first loop's end to the day's. */
const GROWTH = 0.1;

interface Footprint {
  heapBytes: number;
  nodes: number;
  listeners: number;
}

/** After a full collection: what the page keeps alive, in the JS heap and the DOM. */
async function footprint(cdp: CDPSession): Promise<Footprint> {
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return { heapBytes: heap.usedSize, nodes: dom.nodes, listeners: dom.jsEventListeners };
}

const row = (label: string, value: number): Measurement => ({ label, rps: 0, p50Ms: Math.round(value), p99Ms: Math.round(value), requests: 0 });
const kept = (name: string, start: number, end: number): Check => ({
  name,
  value: (start * (1 + GROWTH)) / Math.max(end, 1),
  target: 1,
  pass: end <= start * (1 + GROWTH),
});

/**
 * 24 hours of a 50-item playlist on a browser player whose clock the benchmark runs: each item's
 * minute passes at once, then the next item is waited for on screen. Baseline: the page after its
 * first full loop (every picture decoded and shown once).
 */
async function run(): Promise<BenchResult> {
  const rig = await startBenchPlayer();
  try {
    const { api, device, server } = rig;
    const playlist = await publishPictures(api, 'A day of pictures', await seedPictures(server, ITEMS), ITEM_MS);
    await api('PUT', `/screens/${rig.screenId}/playlist-assignment`, { playlistId: playlist.id });
    // The day ends now: the events it reports stay within what the server takes (the last 370 days).
    await device.context.clock.install({ time: Date.now() - DAY });
    let from = device.shows.length;
    await device.page.reload();
    await device.waitForShow(playlist.itemIds, { from, timeoutMs: 60_000 });
    await device.context.clock.pauseAt((await device.page.evaluate(() => Date.now())) + 1_000);

    /** Lets one item's minute pass, then waits (real time) until the next item is on screen. */
    let elapsed = 0;
    const nextItem = async () => {
      from = device.shows.length;
      await device.context.clock.runFor(ITEM_MS);
      elapsed += ITEM_MS;
      await device.waitForShow(playlist.itemIds, { from, timeoutMs: 30_000 });
    };
    for (let i = 0; i < ITEMS; i++) await nextItem();
    const cdp = await device.context.newCDPSession(device.page);
    const start = await footprint(cdp);
    const startedAt = Date.now();
    // Halfway too: growth that goes on (a leak) reads differently from a step once warmed up.
    while (elapsed < DAY / 2) await nextItem();
    const half = await footprint(cdp);
    while (elapsed < DAY) await nextItem();
    const end = await footprint(cdp);
    const realSeconds = (Date.now() - startedAt) / 1000;
    if (rig.problems.length) throw new Error(`the player had problems: ${rig.problems.join('; ')}`);

    const shown = device.shows.filter((s) => s.itemId).length;
    return {
      setup:
        `${ITEMS} pictures of 1280×720, ${ITEM_MS / 1000} s each, for 24 h of the page's clock (${shown} items shown, ${realSeconds.toFixed(0)} s real) ` +
        `on a browser player (Chromium ${rig.browser.version()}, 1920×1080); after a full GC, start = after the first loop; figures in the p50/p99 columns are single values`,
      measurements: [
        row('JS heap used at start (KB)', start.heapBytes / 1024),
        row('JS heap used after 12 h (KB)', half.heapBytes / 1024),
        row(`JS heap used after 24 h (KB, ${((end.heapBytes / start.heapBytes - 1) * 100).toFixed(1)} % growth)`, end.heapBytes / 1024),
        row('DOM nodes at start', start.nodes),
        row(`DOM nodes after 24 h (${((end.nodes / start.nodes - 1) * 100).toFixed(1)} % growth)`, end.nodes),
        row('event listeners at start', start.listeners),
        row('event listeners after 12 h', half.listeners),
        row('event listeners after 24 h', end.listeners),
      ],
      checks: [
        kept('JS heap growth under 10 %', start.heapBytes, end.heapBytes),
        kept('DOM node growth under 10 %', start.nodes, end.nodes),
        kept('event listener growth under 10 %', start.listeners, end.listeners),
      ],
    };
  } finally {
    await rig.stop();
  }
}

export const browserPlayerMemoryBenchmark: Benchmark = { name: 'browser-player-memory', run };
