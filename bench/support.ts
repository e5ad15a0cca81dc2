import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { loadConfig } from '../kernel/config.js';
import { startEmbeddedPostgres } from '../kernel/db/embedded-postgres.js';
import { startKernel } from '../kernel/kernel.js';
import { createLogger } from '../kernel/logger.js';
import type { PluginDef } from '../kernel/plugin.js';

/** One load run against one server. Latencies are autocannon's, in whole milliseconds. */
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
  seconds: number;
  connections: number;
  pipelining: number;
}

export interface BenchKernel {
  url: string;
  stop(): Promise<void>;
}

type Cleanup = () => Promise<void> | void;

/**
 * The real kernel (web role, no plugins, silent) on a throw-away DATA_DIR, with an embedded
 * PostgreSQL there too unless DATABASE_URL points at one.
 */
export async function bootKernel(plugins: PluginDef[] = []): Promise<BenchKernel> {
  const logger = createLogger('silent');
  const dataDir = mkdtempSync(join(tmpdir(), 'signage-bench-'));
  chmodSync(dataDir, 0o755); // as root, PostgreSQL runs as the postgres user, which must enter it
  const cleanups: Cleanup[] = [() => rmSync(dataDir, { recursive: true, force: true })];
  const stop = async () => {
    for (const fn of cleanups.splice(0).reverse()) await fn();
  };
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
      // Load has ended before stop, so a long grace would only hide a leaked connection.
      SHUTDOWN_GRACE_SECONDS: '2',
    });
    const kernel = await startKernel({ config, plugins, role: 'web', logger });
    cleanups.push(() => kernel.stop());
    if (!kernel.url) throw new Error('the kernel started without an HTTP server');
    return { url: kernel.url, stop };
  } catch (err) {
    // Keep the start error: it says why, a cleanup error after it rarely does.
    await stop().catch((e: unknown) => console.error('cleanup after a failed start failed:', e));
    throw err;
  }
}

/** A warm-up run (discarded, lets the JIT and connection pools settle), then the measured run. */
export async function measure(label: string, url: string, options: LoadOptions): Promise<Measurement> {
  await cannon(url, options.warmupSeconds, options);
  const result = await cannon(url, options.seconds, options);
  // Fast failures would inflate req/s; a run with any is not a measurement of the route.
  if (result.errors || result.non2xx) {
    throw new Error(`${label}: ${result.errors} connection errors and ${result.non2xx} non-2xx responses in ${result.requests.total} requests`);
  }
  return {
    label,
    rps: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
  };
}

function cannon(url: string, seconds: number, options: LoadOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    // Declared first: autocannon reports invalid options synchronously, before it returns.
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    const instance = autocannon(
      {
        url,
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
        reject(new Error(`load run against ${url} did not finish within ${limitMs / 1000} s`));
      }, limitMs);
    }
  });
}

/** Fetches one URL and returns what a client would compare: status, content type and body. */
export async function probe(url: string): Promise<{ status: number; contentType: string | null; body: string }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  return { status: res.status, contentType: res.headers.get('content-type'), body: await res.text() };
}
