import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { Agent } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { coreModules } from '../core-modules/index.js';
import { bootKernel, type BenchResult, type Benchmark, type Measurement } from './support.js';
import { RSS_SAMPLE_MS, type Run, signIn, uploadOverHttp } from './upload-client.js';

const MIB = 1024 * 1024;
const TOTAL_BYTES = 1024 * MIB;
const CHUNK_BYTES = 8 * MIB;
const CHUNKS = TOTAL_BYTES / CHUNK_BYTES;
/** Alternating rounds (fs, HTTP, HTTP, fs): background disk load lands on both sides. */
const ROUNDS = 2;

/** The upload path must keep at least this share of what plain fs writes manage on the same disk. */
const TARGET_RATIO = 0.5;
/** A server that buffered chunks would grow by about a chunk per request in flight, or by the file. */
const RSS_LIMIT_MB = 100;

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
        else httpRuns.push(await uploadOverHttp(kernel.url, agent, session, chunk, TOTAL_BYTES));
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
