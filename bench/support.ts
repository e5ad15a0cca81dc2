import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../kernel/config.js';
import { startEmbeddedPostgres } from '../kernel/db/embedded-postgres.js';
import { startKernel, type Kernel, type ProcessRole } from '../kernel/kernel.js';
import { createLogger } from '../kernel/logger.js';
import type { PluginDef } from '../kernel/plugin.js';

/** One server's figures over all its measured rounds. Latencies are autocannon's, in whole milliseconds. */
export interface Measurement {
  label: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
}

/** A figure with a floor it must reach; missing it is reported, not thrown. */
export interface Check {
  name: string;
  value: number;
  target: number;
  pass: boolean;
}

export interface BenchResult {
  /** How the load was applied, printed above the table. */
  setup: string;
  measurements: Measurement[];
  checks: Check[];
}

export interface Benchmark {
  name: string;
  run(): Promise<BenchResult>;
}

export interface LoadOptions {
  warmupSeconds: number;
  /** Measured time per target, split over `rounds`. */
  seconds: number;
  rounds: number;
  connections: number;
  pipelining: number;
}

export interface BenchKernel {
  url: string;
  /** For benchmarks that set up data through the modules' own services. */
  kernel: Kernel;
  /** The throw-away DATA_DIR, removed by stop(). */
  dataDir: string;
  stop(): Promise<void>;
}

type Cleanup = () => Promise<void> | void;

// What is up right now, so an interrupted run can still stop it rather than leave it behind.
const running = new Set<() => Promise<void>>();

/** Stops every kernel (and its database) still running, newest first. */
export async function stopRunning(): Promise<void> {
  for (const stop of [...running].reverse()) await stop();
}

/**
 * The real kernel (web role unless told, no plugins, silent) on a throw-away DATA_DIR, with an embedded
 * PostgreSQL there too unless DATABASE_URL points at one; `env` adds settings (media on S3, say).
 */
export async function bootKernel(plugins: PluginDef[] = [], options: { role?: ProcessRole; env?: Record<string, string> } = {}): Promise<BenchKernel> {
  const logger = createLogger('silent');
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-bench-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user, which must enter it
  const cleanups: Cleanup[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  const stop = async () => {
    running.delete(stop);
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };
  running.add(stop);
  try {
    let databaseUrl = process.env.DATABASE_URL || undefined;
    if (!databaseUrl) {
      const embedded = await startEmbeddedPostgres(join(dataDir, 'postgres'), logger);
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      // On Ctrl-C the load is still running when the kernel stops; do not wait 10 s for it.
      SHUTDOWN_GRACE_SECONDS: '2',
      ...options.env,
    });
    // `all` also runs jobs, for benchmarks that measure background work.
    const kernel = await startKernel({ config, plugins, role: options.role ?? 'web', logger });
    cleanups.push(() => kernel.stop());
    if (!kernel.url) throw new Error('the kernel started without an HTTP server');
    return { url: kernel.url, kernel, dataDir, stop };
  } catch (err) {
    // Keep the start error: it says why, a cleanup error after it rarely does.
    await stop().catch((e: unknown) => console.error('cleanup after a failed start failed:', e));
    throw err;
  }
}

export interface Target {
  label: string;
  url: string;
  /** Requests to send instead of a GET of `url` (then only its origin counts). */
  requests?: autocannon.Request[];
  /** The status class every answer must have (default 2xx): a 304 target answering 200 measures something else. */
  expect?: '2xx' | '3xx';
}

/**
 * Warms each target up (the JIT, pools and caches settle; the run is discarded), then measures
 * them in alternating rounds, A B then B A: background load on a shared machine lands on both
 * targets instead of skewing whichever happened to run during it.
 */
export async function compare<T extends readonly Target[]>(targets: [...T], options: LoadOptions): Promise<{ [K in keyof T]: Measurement }> {
  for (const t of targets) await cannon(t, options.warmupSeconds, options);
  const runs = new Map<Target, autocannon.Result[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < options.rounds; round++) {
    const order = round % 2 ? [...targets].reverse() : targets;
    for (const t of order) runs.get(t)!.push(assertClean(t, await cannon(t, options.seconds / options.rounds, options)));
  }
  // One measurement per target, in their order: a caller that lists two targets gets two.
  return targets.map((t) => combine(t.label, runs.get(t)!)) as { [K in keyof T]: Measurement };
}

// Fast failures would inflate req/s; a run with any is not a measurement of the route.
function assertClean(target: Target, result: autocannon.Result): autocannon.Result {
  const expect = target.expect ?? '2xx';
  const r = result as autocannon.Result & Record<'1xx' | '2xx' | '3xx' | '4xx' | '5xx', number>;
  const wrong = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'] - r[expect];
  if (result.errors || wrong) {
    throw new Error(`${target.label}: ${result.errors} connection errors and ${wrong} responses other than ${expect} in ${result.requests.total} requests`);
  }
  return result;
}

function combine(label: string, results: autocannon.Result[]): Measurement {
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  const requests = sum(results.map((r) => r.requests.total));
  return {
    label,
    rps: requests / sum(results.map((r) => r.duration)),
    // Summaries cannot be merged into one histogram; the worse round is the figure not to flatter.
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    requests,
  };
}

function cannon(target: Target, seconds: number, options: LoadOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // Declared first: autocannon reports invalid options synchronously, before it returns.
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    const instance = autocannon(
      {
        url: target.url,
        requests: target.requests,
        duration: seconds,
        connections: options.connections,
        pipelining: options.pipelining,
        // Its own thread: on the server's event loop the load generator would steal the time
        // being measured, and equally for both servers, which flattens the ratio towards 1.
        workers: 1,
      },
      (err, result) => {
        finished = true;
        clearTimeout(timer);
        if (err) reject(err instanceof Error ? err : new Error(String(err)));
        else resolve(result);
      },
    );
    // A server that stops answering must not hang the suite.
    const limitMs = (seconds + 30) * 1000;
    if (!finished) {
      timer = setTimeout(() => {
        instance.stop();
        reject(new Error(`load run against ${target.label} did not finish within ${limitMs / 1000} s`));
      }, limitMs);
    }
  });
}

/** Fetches one URL and returns what a client would compare: status, content type and body. */
export async function probe(url: string): Promise<{ status: number; contentType: string | null; body: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
}

export interface Streamed {
  rows: number;
  seconds: number;
  firstByteMs: number;
  /** Growth of this process's RSS while it streamed (server and client share the process here). */
  rssGrowthMb: number;
}

/** Downloads one CSV export, counting rows as they arrive and sampling RSS every 20 ms. */
export async function streamCsv(url: string, cookie: string): Promise<Streamed> {
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    let firstByteMs = 0;
    let lines = 0;
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      firstByteMs ||= performance.now() - started;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    }
    return { rows: lines - 1, seconds: (performance.now() - started) / 1000, firstByteMs, rssGrowthMb: (peak - baseline) / (1024 * 1024) };
  } finally {
    clearInterval(sampler);
  }
}
