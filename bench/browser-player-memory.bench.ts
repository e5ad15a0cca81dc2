import type { CDPSession } from 'playwright-core';
import { publishPictures, seedPictures, startBenchPlayer } from './browser-player-rig.js';
import type { BenchResult, Benchmark, Check, Measurement } from './support.js';

const ITEMS = 50;
const ITEM_MS = 60_000;
const DAY = 86_400_000;
/** Growth allowed from the warmed-up baseline (2 h) to the day's end. */
const GROWTH = 0.1;
/**
 * The baseline. Heap snapshots (CDP, by constructor, 2 h against 24 h) show no object of the player
 * growing: what grows is V8's optimised code (InstructionStream, Code, TrustedByteArray: functions
 * tiered up as they get hot: still some 150 KB between 2 h and 24 h,
 * about the whole of `usedSize`'s growth there) and the DevTools network records Playwright's
 * own CDP session keeps per request (NetworkResourcesData; a kiosk has no DevTools attached). From
 * the first loop's end that warm-up alone read as +10 to +18 % of `usedSize`. 2 h is 120 items, each
 * picture shown twice over, and heartbeats, reconciliations and socket reconnects all run many times:
 * every code path the day runs has run, so growth from there is what the day adds. The check is on
 * the snapshot's objects less those two (`objectBytes`); `usedSize` is shown beside it.
 */
const BASELINE_MS = 2 * 3_600_000;

interface Footprint {
  heapBytes: number;
  /** The heap snapshot's objects but compiled code and DevTools' own network records: what the player keeps. */
  objectBytes: number;
  nodes: number;
  listeners: number;
}

/**
 * After a full collection, with no request in flight: what the page keeps alive, in the JS heap and
 * the DOM. A heartbeat or an IndexedDB write caught midway holds its own listeners and objects for
 * a moment (the listener count swung 21 to 86 between samples taken at random points of them).
 */
async function footprint(cdp: CDPSession, settled: () => Promise<void>): Promise<Footprint> {
  await settled();
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = await cdp.send('Runtime.getHeapUsage');
  const dom = await cdp.send('Memory.getDOMCounters');
  return { heapBytes: heap.usedSize, objectBytes: await objectBytes(cdp), nodes: dom.nodes, listeners: dom.jsEventListeners };
}

interface HeapSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

/**
 * The bytes a heap snapshot holds, less V8's compiled code (it grows as hot functions are optimised,
 * a cache bounded by the player's code) and the DevTools network records Playwright's session keeps
 * for every request (a kiosk runs without DevTools): what is left is what the player's own code keeps.
 */
async function objectBytes(cdp: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const collect = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  const { snapshot, nodes, strings } = JSON.parse(chunks.join('')) as HeapSnapshot;
  const fields = snapshot.meta.node_fields;
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  let bytes = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    if (snapshot.meta.node_types[0][nodes[i + type]!] === 'code') continue;
    if (strings[nodes[i + name]!]?.startsWith('blink::NetworkResourcesData')) continue;
    bytes += nodes[i + size]!;
  }
  return bytes;
}

const row = (label: string, value: number): Measurement => ({ label, rps: 0, p50Ms: Math.round(value), p99Ms: Math.round(value), requests: 0 });
const growth = (start: number, end: number) => `${((end / start - 1) * 100).toFixed(1)} %`;
const kept = (name: string, start: number, end: number): Check => ({
  name,
  value: (start * (1 + GROWTH)) / Math.max(end, 1),
  target: 1,
  pass: end <= start * (1 + GROWTH),
});

/**
 * 24 hours of a 50-item playlist on a browser player whose clock the benchmark runs: each item's
 * minute passes at once, then the next item is waited for on screen. Baseline: the page after 2 h
 * (BASELINE_MS says why); the first loop's figures are shown beside it.
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
    // The page's clock stands still between items, so once its requests are answered it is at rest.
    let inFlight = 0;
    device.page.on('request', () => inFlight++);
    device.page.on('requestfinished', () => inFlight--);
    device.page.on('requestfailed', () => inFlight--);
    const settled = async () => {
      for (let quiet = 0; quiet < 5; quiet = inFlight > 0 ? 0 : quiet + 1) await new Promise((r) => setTimeout(r, 50));
    };
    for (let i = 0; i < ITEMS; i++) await nextItem();
    const cdp = await device.context.newCDPSession(device.page);
    const first = await footprint(cdp, settled);
    const startedAt = Date.now();
    while (elapsed < BASELINE_MS) await nextItem();
    const start = await footprint(cdp, settled);
    // Halfway too: growth that goes on (a leak) reads differently from a step once warmed up.
    while (elapsed < DAY / 2) await nextItem();
    const half = await footprint(cdp, settled);
    while (elapsed < DAY) await nextItem();
    const end = await footprint(cdp, settled);
    await cdp.detach();
    const realSeconds = (Date.now() - startedAt) / 1000;
    if (rig.problems.length) throw new Error(`the player had problems: ${rig.problems.join('; ')}`);

    const shown = device.shows.filter((s) => s.itemId).length;
    return {
      setup:
        `${ITEMS} pictures of 1280×720, ${ITEM_MS / 1000} s each, for 24 h of the page's clock (${shown} items shown, ${realSeconds.toFixed(0)} s real) ` +
        `on a browser player (Chromium ${rig.browser.version()}, 1920×1080); after a full GC with no request in flight, growth from 2 h to 24 h of the heap snapshot less compiled code and DevTools records; figures in the p50/p99 columns are single values`,
      measurements: [
        row('JS heap used after the first loop (KB)', first.heapBytes / 1024),
        row('JS heap used after 2 h, baseline (KB)', start.heapBytes / 1024),
        row('JS heap used after 12 h (KB)', half.heapBytes / 1024),
        row(`JS heap used after 24 h (KB, ${growth(start.heapBytes, end.heapBytes)} from 2 h)`, end.heapBytes / 1024),
        row('heap objects after the first loop (KB)', first.objectBytes / 1024),
        row('heap objects after 2 h, baseline (KB)', start.objectBytes / 1024),
        row('heap objects after 12 h (KB)', half.objectBytes / 1024),
        row(`heap objects after 24 h (KB, ${growth(start.objectBytes, end.objectBytes)})`, end.objectBytes / 1024),
        row('DOM nodes after the first loop', first.nodes),
        row('DOM nodes after 2 h, baseline', start.nodes),
        row('DOM nodes after 12 h', half.nodes),
        row(`DOM nodes after 24 h (${growth(start.nodes, end.nodes)})`, end.nodes),
        row('event listeners after the first loop', first.listeners),
        row('event listeners after 2 h, baseline', start.listeners),
        row('event listeners after 12 h', half.listeners),
        row(`event listeners after 24 h (${growth(start.listeners, end.listeners)})`, end.listeners),
      ],
      checks: [
        kept('heap object growth under 10 %', start.objectBytes, end.objectBytes),
        kept('DOM node growth under 10 %', start.nodes, end.nodes),
        kept('event listener growth under 10 %', start.listeners, end.listeners),
      ],
    };
  } finally {
    await rig.stop();
  }
}

export const browserPlayerMemoryBenchmark: Benchmark = { name: 'browser-player-memory', run };
