import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreModules } from '../core-modules/index.js';
import { bootKernel, type BenchResult, type Benchmark, type Measurement } from './support.js';

const MIB = 1024 * 1024;
const TOTAL_BYTES = 1024 * MIB;
const CHUNK_BYTES = 8 * MIB;
const CHUNKS = TOTAL_BYTES / CHUNK_BYTES;
/** Alternating rounds (fs, HTTP, HTTP, fs): background disk load lands on both sides. */
const ROUNDS = 2;
const RSS_SAMPLE_MS = 100;

/** The upload path must keep at least this share of what plain fs writes manage on the same disk. */
const TARGET_RATIO = 0.5;
/** A server that buffered chunks would grow by about a chunk per request in flight, or by the file. */
const RSS_LIMIT_MB = 100;

interface Run {
  seconds: number;
  chunkMs: number[];
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
/** Over all rounds of one side: total bytes by total time. */
const mbPerSecond = (runs: Run[]) => (TOTAL_BYTES * runs.length) / 1e6 / runs.reduce((n, r) => n + r.seconds, 0);

/** The floor: the same bytes through fs.createWriteStream, fsynced once at the end. */
async function writeWithFs(dir: string, chunk: Buffer): Promise<Run> {
  const path = join(dir, 'baseline.bin');
  const chunkMs: number[] = [];
  const started = performance.now();
  try {
    const out = createWriteStream(path);
    for (let i = 0; i < CHUNKS; i++) {
      const t = performance.now();
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunkMs.push(performance.now() - t);
    }
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    const handle = await open(path, 'r+');
    await handle.sync();
    await handle.close();
    return { seconds: (performance.now() - started) / 1000, chunkMs };
  } finally {
    await rm(path, { force: true });
  }
}

interface Session {
  cookie: string;
  csrfToken: string;
}

function send(
  url: string,
  agent: Agent,
  method: string,
  headers: Record<string, string>,
  body?: Buffer | string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString() }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The same bytes as one upload of 8 MiB PATCHes over one keep-alive connection, sampling RSS. */
async function uploadOverHttp(base: string, agent: Agent, session: Session, chunk: Buffer): Promise<Run & { rssGrowthMb: number }> {
  const auth = { cookie: session.cookie, 'x-csrf-token': session.csrfToken };
  const created = await send(
    `${base}/api/v1/uploads`,
    agent,
    'POST',
    { ...auth, 'content-type': 'application/json' },
    JSON.stringify({ filename: 'bench.mp4', mimeType: 'video/mp4', sizeBytes: TOTAL_BYTES }),
  );
  if (created.status !== 201) throw new Error(`creating the upload failed: ${created.status} ${created.text}`);
  const id = (JSON.parse(created.text) as { data: { id: string } }).data.id;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), RSS_SAMPLE_MS);
  const chunkMs: number[] = [];
  const started = performance.now();
  try {
    for (let offset = 0; offset < TOTAL_BYTES; offset += CHUNK_BYTES) {
      const t = performance.now();
      const res = await send(
        `${base}/api/v1/uploads/${id}`,
        agent,
        'PATCH',
        { ...auth, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) },
        chunk,
      );
      if (res.status !== 204) throw new Error(`PATCH at ${offset} answered ${res.status}: ${res.text}`);
      chunkMs.push(performance.now() - t);
    }
    const seconds = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { seconds, chunkMs, rssGrowthMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
    // Cancelling deletes the 1 GiB part file.
    await send(`${base}/api/v1/uploads/${id}`, agent, 'DELETE', auth).catch(() => {});
  }
}

async function signIn(base: string, agent: Agent): Promise<Session> {
  const res = await send(
    `${base}/api/v1/auth/setup`,
    agent,
    'POST',
    { 'content-type': 'application/json' },
    JSON.stringify({ organizationName: 'Bench', ownerName: 'Bench Owner', username: 'bench', password: 'bench password 123' }),
  );
  if (res.status !== 201) throw new Error(`setup failed: ${res.status} ${res.text}`);
  const cookie = ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, csrfToken: (JSON.parse(res.text) as { data: { csrfToken: string } }).data.csrfToken };
}

function measurement(label: string, runs: Run[]): Measurement {
  const seconds = runs.reduce((n, r) => n + r.seconds, 0);
  const chunkMs = runs.flatMap((r) => r.chunkMs);
  return {
    label: `${label} (${Math.round(mbPerSecond(runs))} MB/s)`,
    rps: chunkMs.length / seconds, // 8 MiB chunks per second
    p50Ms: Math.round(quantile(chunkMs, 0.5)),
    p99Ms: Math.round(quantile(chunkMs, 0.99)),
    requests: chunkMs.length,
  };
}

async function run(): Promise<BenchResult> {
  const kernel = await bootKernel(coreModules);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // The baseline writes next to the kernel's DATA_DIR (both under the temp dir): same disk.
  const dir = await mkdtemp(join(tmpdir(), 'signage-bench-fs-'));
  try {
    const session = await signIn(kernel.url, agent);
    // Random bytes, generated once and reused for every chunk on both sides.
    const chunk = randomBytes(CHUNK_BYTES);
    const fsRuns: Run[] = [];
    const httpRuns: (Run & { rssGrowthMb: number })[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ['http', 'fs'] : ['fs', 'http'];
      for (const side of order) {
        if (side === 'fs') fsRuns.push(await writeWithFs(dir, chunk));
        else httpRuns.push(await uploadOverHttp(kernel.url, agent, session, chunk));
      }
    }
    const fsMbps = mbPerSecond(fsRuns);
    const httpMbps = mbPerSecond(httpRuns);
    const ratio = httpMbps / fsMbps;
    const rssGrowthMb = Math.max(...httpRuns.map((r) => r.rssGrowthMb));
    const result = {
      setup:
        `1 GiB as 128 PATCHes of 8 MiB (each fsynced) over one keep-alive connection vs fs.createWriteStream + one fsync, ${ROUNDS} alternating rounds each; ` +
        `fs ${fsMbps.toFixed(0)} MB/s, upload ${httpMbps.toFixed(0)} MB/s, server peak RSS growth ${rssGrowthMb.toFixed(1)} MB (sampled every ${RSS_SAMPLE_MS} ms)`,
      measurements: [measurement('fs.createWriteStream', fsRuns), measurement('PATCH /api/v1/uploads/{id}', httpRuns)],
      checks: [
        { name: 'upload/fs MB/s', value: ratio, target: TARGET_RATIO, pass: ratio >= TARGET_RATIO },
        // The report knows only floors: RSS growth under 100 MB is shown as the headroom left.
        { name: `RSS headroom 1 - growth/${RSS_LIMIT_MB} MB`, value: 1 - rssGrowthMb / RSS_LIMIT_MB, target: 0, pass: rssGrowthMb < RSS_LIMIT_MB },
      ],
      figures: { fsMbps, uploadMbps: httpMbps, ratio, rssGrowthMb },
    };
    return result;
  } finally {
    agent.destroy();
    await rm(dir, { recursive: true, force: true });
    await kernel.stop();
  }
}

export const uploadIngestBenchmark: Benchmark = { name: 'upload-ingest', run };
