/** What the file-download benchmarks share: a bare node:http file server, the load generator, the comparison. */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { AssetsRepository } from '../core-modules/media/assets.repository.js';
import { storageKeys } from '../core-modules/media/media-types.js';
import type { KernelDeps } from '../kernel/kernel.js';
import type { Measurement } from './support.js';

export const MIB = 1024 * 1024;

export interface Load {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  rounds: number;
}

export interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  /** Headers of each connection in turn on top of `headers` (connection i takes entry i modulo their count): one device per connection. */
  connectionHeaders?: Record<string, string>[];
  bytesPerRequest: number;
}

/**
 * The floor: node:http streaming the same file with fs.createReadStream, Range parsed just enough
 * for the one form the benchmark sends. Same process, same Node, same file in the page cache.
 */
export async function startBaseline(path: string, size: number): Promise<{ url: string; stop(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
    const start = m ? Number(m[1]) : 0;
    const end = m ? Math.min(Number(m[2]), size - 1) : size - 1;
    res.writeHead(m ? 206 : 200, {
      'content-type': 'video/mp4',
      'content-length': end - start + 1,
      'accept-ranges': 'bytes',
      ...(m ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
    });
    createReadStream(path, { start, end }).pipe(res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/file`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Same status, length and bytes (by hash) from both servers, or the comparison is not like for like. */
export async function assertSameAnswer(targets: Target[]) {
  const answers = await Promise.all(
    targets.map(async (t) => {
      const res = await fetch(t.url, { headers: { ...t.headers, ...t.connectionHeaders?.[0] }, signal: AbortSignal.timeout(60_000) });
      const hash = createHash('sha256');
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
      return { status: res.status, length: res.headers.get('content-length'), sha256: hash.digest('hex') };
    }),
  );
  const [first, ...rest] = answers;
  for (const [i, other] of rest.entries()) {
    if (JSON.stringify(other) !== JSON.stringify(first))
      throw new Error(`${targets[i + 1]!.label} answers ${JSON.stringify(other)}, ${targets[0]!.label} ${JSON.stringify(first)}`);
  }
}

/**
 * A ready video asset whose original is `bytes` of random data, written straight to storage (as
 * an upload would leave it), with the path of the stored file for a baseline to read.
 */
export async function createStoredAsset(deps: KernelDeps & { assetsRepository: AssetsRepository }, bytes: number) {
  const hash = createHash('sha256');
  const chunks = async function* () {
    for (let written = 0; written < bytes; written += MIB) {
      const chunk = randomBytes(Math.min(MIB, bytes - written));
      hash.update(chunk);
      yield chunk;
    }
  };
  const asset = await deps.assetsRepository.insert({ name: 'bench download', type: 'video', processing_status: 'ready', original_size: bytes });
  const key = storageKeys.variant(asset.id, 'original', '.mp4');
  await deps.storage.put(key, Readable.from(chunks()), bytes);
  const sha256 = hash.digest('hex');
  await deps.assetsRepository.upsertVariant(asset.id, {
    kind: 'original',
    storage_key: key,
    mime_type: 'video/mp4',
    file_size: bytes,
    sha256,
    player_compatible: true,
  });
  return { id: asset.id, key, path: join(deps.config.dataDir, 'media', ...key.split('/')) };
}

/**
 * The load generator: `connections` keep-alive loops of GETs that count and drop the body, in a
 * worker thread so it does not run on the servers' event loop. autocannon parses bodies in
 * JavaScript and tops out far below what a 256 MiB download needs, so it would measure itself.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, connectionHeaders, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let requests = 0, bytes = 0, failures = 0;
const started = performance.now();
const deadline = started + seconds * 1000;
const loop = (i) => new Promise((done) => {
  const own = connectionHeaders.length ? { ...headers, ...connectionHeaders[i % connectionHeaders.length] } : headers;
  const next = () => {
    if (performance.now() >= deadline) return done();
    const t = performance.now();
    const req = http.get(url, { agent, headers: own }, (res) => {
      if (res.statusCode >= 300) failures++;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => { requests++; latencies.push(performance.now() - t); next(); });
    });
    req.on('error', () => { failures++; next(); });
  };
  next();
});
Promise.all(Array.from({ length: connections }, (_, i) => loop(i))).then(() => {
  agent.destroy();
  parentPort.postMessage({ requests, bytes, failures, latencies, seconds: (performance.now() - started) / 1000 });
});
`;

interface LoadRun {
  requests: number;
  bytes: number;
  failures: number;
  latencies: number[];
  seconds: number;
}

function load(t: Target, seconds: number, l: Load): Promise<LoadRun> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(LOAD_WORKER, {
      eval: true,
      workerData: { url: t.url, headers: t.headers, connectionHeaders: t.connectionHeaders ?? [], connections: l.connections, seconds },
    });
    // A server that stops answering must not hang the suite.
    const timer = setTimeout(
      () => void worker.terminate().then(() => reject(new Error(`load against ${t.label} did not finish within ${seconds + 60} s`))),
      (seconds + 60) * 1000,
    );
    worker.once('message', (run: LoadRun) => {
      clearTimeout(timer);
      void worker.terminate();
      if (run.failures) reject(new Error(`${t.label}: ${run.failures} failed requests of ${run.requests + run.failures}`));
      else if (run.bytes !== run.requests * t.bytesPerRequest) reject(new Error(`${t.label}: ${run.bytes} bytes for ${run.requests} requests`));
      else resolve(run);
    });
    worker.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
};

/** Warm-up, then alternating rounds (A B, B A) so background load lands on both sides. */
export async function compare(targets: Target[], l: Load): Promise<{ measurements: Measurement[]; mibPerSecond: number[] }> {
  for (const t of targets) await load(t, l.warmupSeconds, l);
  const runs = new Map<Target, LoadRun[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < l.rounds; round++) {
    for (const t of round % 2 ? [...targets].reverse() : targets) runs.get(t)!.push(await load(t, l.seconds / l.rounds, l));
  }
  const mibPerSecond = targets.map((t) => {
    const r = runs.get(t)!;
    return r.reduce((n, x) => n + x.bytes, 0) / MIB / r.reduce((n, x) => n + x.seconds, 0);
  });
  const measurements = targets.map((t, i) => {
    const r = runs.get(t)!;
    const requests = r.reduce((n, x) => n + x.requests, 0);
    const latencies = r.flatMap((x) => x.latencies);
    return {
      label: `${t.label} (${Math.round(mibPerSecond[i]!).toLocaleString('en-US')} MiB/s)`,
      rps: requests / r.reduce((n, x) => n + x.seconds, 0),
      p50Ms: quantile(latencies, 0.5),
      p99Ms: quantile(latencies, 0.99),
      requests,
    };
  });
  return { measurements, mibPerSecond };
}
