import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { coreModules } from '../core-modules/index.js';
import type { AssetsRepository } from '../core-modules/media/assets.repository.js';
import { storageKeys } from '../core-modules/media/media-types.js';
import type { KernelDeps } from '../kernel/kernel.js';
import { definePlugin } from '../kernel/plugin.js';
import { optionalPlugins } from '../plugins/index.js';
import { bootKernel, type BenchResult, type Benchmark, type Measurement } from './support.js';

const MIB = 1024 * 1024;
const FILE_BYTES = 256 * MIB;
/** 1 MiB from the middle of the file: a player seeking, or a browser fetching the next piece. */
const RANGE = { start: 128 * MIB, end: 129 * MIB - 1 };

/** Serving a stored file must keep at least this share of what bare node:http + fs manages. */
const TARGET_RATIO = 0.8;

interface Load {
  connections: number;
  warmupSeconds: number;
  seconds: number;
  rounds: number;
}
// Whole files: few connections, each moving 256 MiB per request. Ranges: many small answers.
const FULL: Load = { connections: 4, warmupSeconds: 3, seconds: 12, rounds: 2 };
const RANGED: Load = { connections: 32, warmupSeconds: 2, seconds: 10, rounds: 2 };

interface Target {
  label: string;
  url: string;
  headers: Record<string, string>;
  bytesPerRequest: number;
}

/**
 * The floor: node:http streaming the same file with fs.createReadStream, Range parsed just enough
 * for the one form the benchmark sends. Same process, same Node, same file in the page cache.
 */
async function startBaseline(path: string, size: number): Promise<{ url: string; stop(): Promise<void> }> {
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

/** Gives the benchmark the kernel's own database and storage, without adding anything to requests. */
function depsProbe(sink: (deps: KernelDeps & { assetsRepository: AssetsRepository }) => void) {
  return definePlugin<KernelDeps & { assetsRepository: AssetsRepository }>({
    name: 'bench-preview-probe',
    dependsOn: ['media'],
    register: (r) => r.onStart((deps) => sink(deps)),
  });
}

/** A ready video asset whose original is FILE_BYTES of random data, written straight to storage. */
async function createAsset(deps: KernelDeps & { assetsRepository: AssetsRepository }) {
  const hash = createHash('sha256');
  const chunks = async function* () {
    for (let written = 0; written < FILE_BYTES; written += MIB) {
      const chunk = randomBytes(MIB);
      hash.update(chunk);
      yield chunk;
    }
  };
  const asset = await deps.assetsRepository.insert({ name: 'bench download', type: 'video', processing_status: 'ready', original_size: FILE_BYTES });
  const key = storageKeys.variant(asset.id, 'original', '.mp4');
  await deps.storage.put(key, Readable.from(chunks()));
  const sha256 = hash.digest('hex');
  await deps.assetsRepository.upsertVariant(asset.id, { kind: 'original', storage_key: key, mime_type: 'video/mp4', file_size: FILE_BYTES, sha256, player_compatible: true });
  return { id: asset.id, key, path: join(deps.config.dataDir, 'media', ...key.split('/')) };
}

async function ownerCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/v1/auth/setup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ organizationName: 'Bench', ownerName: 'Bench Owner', username: 'bench', password: 'a long bench password' }),
  });
  const cookie = /signage_session=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0];
  if (res.status !== 201 || !cookie) throw new Error(`setting up the owner failed: ${res.status} ${await res.text()}`);
  return cookie;
}

/** Same status, length and bytes (by hash) from both servers, or the comparison is not like for like. */
async function assertSameAnswer(targets: Target[]) {
  const answers = await Promise.all(
    targets.map(async (t) => {
      const res = await fetch(t.url, { headers: t.headers, signal: AbortSignal.timeout(60_000) });
      const hash = createHash('sha256');
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
      return { status: res.status, length: res.headers.get('content-length'), sha256: hash.digest('hex') };
    }),
  );
  const [first, ...rest] = answers;
  for (const [i, other] of rest.entries()) {
    if (JSON.stringify(other) !== JSON.stringify(first)) throw new Error(`${targets[i + 1]!.label} answers ${JSON.stringify(other)}, ${targets[0]!.label} ${JSON.stringify(first)}`);
  }
}

/**
 * The load generator: `connections` keep-alive loops of GETs that count and drop the body, in a
 * worker thread so it does not run on the servers' event loop. autocannon parses bodies in
 * JavaScript and tops out far below what a 256 MiB download needs, so it would measure itself.
 */
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { url, headers, connections, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latencies = [];
let requests = 0, bytes = 0, failures = 0;
const started = performance.now();
const deadline = started + seconds * 1000;
const loop = () => new Promise((done) => {
  const next = () => {
    if (performance.now() >= deadline) return done();
    const t = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      if (res.statusCode >= 300) failures++;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => { requests++; latencies.push(performance.now() - t); next(); });
    });
    req.on('error', () => { failures++; next(); });
  };
  next();
});
Promise.all(Array.from({ length: connections }, loop)).then(() => {
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
    const worker = new Worker(LOAD_WORKER, { eval: true, workerData: { url: t.url, headers: t.headers, connections: l.connections, seconds } });
    // A server that stops answering must not hang the suite.
    const timer = setTimeout(() => void worker.terminate().then(() => reject(new Error(`load against ${t.label} did not finish within ${seconds + 60} s`))), (seconds + 60) * 1000);
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
async function compare(targets: Target[], l: Load): Promise<{ measurements: Measurement[]; mibPerSecond: number[] }> {
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

async function run(): Promise<BenchResult> {
  let deps: (KernelDeps & { assetsRepository: AssetsRepository }) | undefined;
  // The whole server as `npm start` runs it, so every plugin's middleware is on the measured path.
  const kernel = await bootKernel([...coreModules, ...optionalPlugins, depsProbe((d) => (deps = d))]);
  try {
    const cookie = await ownerCookie(kernel.url);
    const asset = await createAsset(deps!);
    const baseline = await startBaseline(asset.path, FILE_BYTES);
    try {
      const range = { range: `bytes=${RANGE.start}-${RANGE.end}` };
      const preview = `${kernel.url}/api/v1/assets/${asset.id}/preview`;
      const full: Target[] = [
        { label: 'node:http full', url: baseline.url, headers: {}, bytesPerRequest: FILE_BYTES },
        { label: 'kernel full', url: preview, headers: { cookie }, bytesPerRequest: FILE_BYTES },
      ];
      const ranged: Target[] = [
        { label: 'node:http 1 MiB range', url: baseline.url, headers: range, bytesPerRequest: MIB },
        { label: 'kernel 1 MiB range', url: preview, headers: { cookie, ...range }, bytesPerRequest: MIB },
      ];
      await assertSameAnswer(full);
      await assertSameAnswer(ranged);
      const fullRuns = await compare(full, FULL);
      const rangedRuns = await compare(ranged, RANGED);
      const ratio = (pair: { mibPerSecond: number[] }) => pair.mibPerSecond[1]! / pair.mibPerSecond[0]!;
      return {
        setup:
          `GET of a ${FILE_BYTES / MIB} MiB stored file, whole (${FULL.connections} connections) and as a 1 MiB Range (${RANGED.connections} connections), ` +
          `owner session; warm-up, then ${FULL.seconds} / ${RANGED.seconds} s measured each in ${FULL.rounds} alternating rounds`,
        measurements: [...fullRuns.measurements, ...rangedRuns.measurements],
        checks: [
          { name: 'kernel/baseline full download throughput', value: ratio(fullRuns), target: TARGET_RATIO, pass: ratio(fullRuns) >= TARGET_RATIO },
          { name: 'kernel/baseline 1 MiB range throughput', value: ratio(rangedRuns), target: TARGET_RATIO, pass: ratio(rangedRuns) >= TARGET_RATIO },
        ],
      };
    } finally {
      await baseline.stop();
      // The data dir goes with the kernel; on a shared DATABASE_URL the rows must go explicitly.
      await deps!.storage.delete(asset.key);
      await deps!.db('assets').where({ id: asset.id }).delete();
    }
  } finally {
    await kernel.stop();
  }
}

export const previewDownloadBenchmark: Benchmark = { name: 'preview-download', run };
