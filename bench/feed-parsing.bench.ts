import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PARSE_THREADS } from '../core-modules/data-sources/data-sources-config.js';
import { ParsePool } from '../core-modules/data-sources/parse-pool.js';
import { runParseJob } from '../core-modules/data-sources/providers/parse-job.js';
import { createLogger } from '../kernel/logger.js';
import { RSS } from '../test/support/feed-server.js';
import { referenceFeed, RSS_DEFAULTS } from '../test/support/hostile-feeds.js';
import type { BenchResult, Benchmark, Measurement } from './support.js';

const FEEDS = 8;
/** The event loop's longest block with the pool must be at most this share of the inline one. */
const BLOCK_RATIO_TARGET = 10;
/**
 * The pool must parse about as fast as the event loop alone: one thread (a machine of two CPUs)
 * does the same work plus a copy each way; two threads should do better.
 */
const THROUGHPUT_RATIO_TARGET = 0.9;
/** The server's pool on this machine. */
const LIMITS = { threads: PARSE_THREADS, memoryMb: 256, timeoutMs: 60_000 };

const job = (body: string) => ({ kind: 'items', provider: 'rss', body, configuration: RSS_DEFAULTS }) as const;
// The three kinds of 2 MiB feeds of references, in turn.
const SHAPES = [referenceFeed('items'), referenceFeed('items', '&amp;'), referenceFeed('one')];
const bodies = Array.from({ length: FEEDS }, (_, i) => SHAPES[i % SHAPES.length]!);

interface Run {
  totalMs: number;
  latencies: number[];
  blockedMs: number;
}

/** Parses every body, each one's latency from when it was asked, watching the event loop meanwhile. */
async function measure(parseAll: (each: (ms: number) => void) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  await parseAll((ms) => latencies.push(ms));
  const totalMs = performance.now() - started;
  delay.disable();
  return { totalMs, latencies: latencies.sort((a, b) => a - b), blockedMs: delay.max / 1e6 };
}

const timed = async (parse: () => unknown, each: (ms: number) => void) => {
  const started = performance.now();
  await parse();
  each(performance.now() - started);
};

function row(label: string, r: Run): Measurement {
  const at = (q: number) => Math.round(r.latencies[Math.min(r.latencies.length - 1, Math.floor(q * r.latencies.length))]!);
  return {
    label: `${label}: ${(FEEDS / (r.totalMs / 1000)).toFixed(2)} feeds/s, event loop blocked up to ${Math.round(r.blockedMs)} ms`,
    rps: FEEDS / (r.totalMs / 1000),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    requests: FEEDS,
  };
}

async function run(): Promise<BenchResult> {
  // Inline, as before the pool: each parse runs on the event loop, one after another.
  const inline = await measure(async (each) => {
    for (const body of bodies) {
      await timed(() => runParseJob(job(body)), each);
      // A turn of the loop between feeds, as between two refreshes.
      await new Promise((r) => setImmediate(r));
    }
  });
  const pool = new ParsePool(LIMITS, createLogger('silent'));
  try {
    // Every thread started (its modules loaded) before measuring, as in a server that has refreshed once.
    await Promise.all(Array.from({ length: LIMITS.threads }, () => pool.parse(job(RSS))));
    const pooled = await measure((each) => Promise.all(bodies.map((body) => timed(() => pool.parse(job(body)), each))).then(() => {}));
    const blockRatio = inline.blockedMs / Math.max(1, pooled.blockedMs);
    const throughputRatio = inline.totalMs / pooled.totalMs;
    return {
      setup:
        `${FEEDS} RSS feeds of 2 MiB of character references (items of &#x41; or &amp;, or one element of &#x41;), parsed to a screen's 20 items: ` +
        `inline on the event loop one after another (the baseline), then all at once in the parse pool (${LIMITS.threads} thread(s), as the server sizes it here, ${LIMITS.memoryMb} MiB each); ` +
        'latency per feed from when it was asked, and the longest event-loop block meanwhile (monitorEventLoopDelay)',
      measurements: [row('inline (baseline)', inline), row(`pool, ${LIMITS.threads} thread(s)`, pooled)],
      checks: [
        { name: 'event-loop block, inline / pool', value: blockRatio, target: BLOCK_RATIO_TARGET, pass: blockRatio >= BLOCK_RATIO_TARGET },
        { name: 'throughput, pool / inline', value: throughputRatio, target: THROUGHPUT_RATIO_TARGET, pass: throughputRatio >= THROUGHPUT_RATIO_TARGET },
      ],
    };
  } finally {
    await pool.close();
  }
}

export const feedParsingBenchmark: Benchmark = { name: 'feed-parsing', run };
