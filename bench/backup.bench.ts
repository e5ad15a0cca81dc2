import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import type { BackupsDeps } from '../core-modules/backups/backups-deps.js';
import { coreModules } from '../core-modules/index.js';
import { bootKernel, type BenchResult, type Benchmark, type Check, type Measurement } from './support.js';

const MIB = 1024 * 1024;
const FILE_BYTES = 64 * MIB;
const FILES = 32; // 2 GiB of media
const ROWS = 1_000_000;
/** A backup carries the database too, and hashes every byte twice (each entry, the archive): half of bare tar's speed is the floor. */
const TARGET_RATIO = 0.5;
const RSS_BUDGET_MB = 100;

const run$ = promisify(execFile);
const timed = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
};
const figure = (label: string, bytes: number, seconds: number): Measurement => ({
  label: `${label}: ${(bytes / MIB).toFixed(0)} MiB in ${seconds.toFixed(1)} s (${(bytes / 1e6 / seconds).toFixed(0)} MB/s)`,
  rps: 1 / seconds,
  p50Ms: Math.round(seconds * 1000),
  p99Ms: Math.round(seconds * 1000),
  requests: 1,
});

/**
 * A backup (the archive writer alone, as the job runs it before verifying) of 2 GiB of media on
 * the local disk and a database with a 1M-row table, against `tar -cf` of the same media folder in
 * the same run; and how far the process's RSS grows meanwhile (sampled every 50 ms).
 */
async function run(): Promise<BenchResult> {
  const server = await bootKernel(coreModules);
  try {
    const deps = server.kernel.containerOf('backups').cradle as BackupsDeps;
    // Incompressible, distinct files: what photos and videos are.
    for (let i = 0; i < FILES; i++) {
      const block = randomBytes(MIB);
      const body = Readable.from(
        (function* () {
          for (let n = 0; n < FILE_BYTES / MIB; n++) yield block;
        })(),
      );
      await deps.storage.put(`bench/file-${i}.bin`, body, FILE_BYTES);
    }
    await deps.db.raw(
      `INSERT INTO audit_log (actor_kind, action, resource_type, resource_id, metadata)
       SELECT 'system', 'bench.row', 'bench', g::text, jsonb_build_object('n', g) FROM generate_series(1, ?) g`,
      [ROWS],
    );
    const mediaRoot = join(server.dataDir, 'media');
    const tarFile = join(server.dataDir, 'baseline.tar');
    const tarSeconds = await timed(() => run$('tar', ['-cf', tarFile, '-C', mediaRoot, '.']));
    const tarBytes = statSync(tarFile).size;
    rmSync(tarFile);

    const startRss = process.memoryUsage().rss;
    let peakRss = startRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
    let archiveBytes = 0;
    const backupSeconds = await timed(async () => {
      const archive = await deps.backupMaker.make('manual', () => {}, new AbortController().signal);
      archiveBytes = Number(archive.size_bytes);
    });
    clearInterval(sampler);
    const growthMb = (peakRss - startRss) / 1e6;

    const ratio = archiveBytes / backupSeconds / (tarBytes / tarSeconds);
    const rssValue = RSS_BUDGET_MB / Math.max(growthMb, 1);
    const checks: Check[] = [
      { name: 'backup/tar throughput (bytes written per second)', value: ratio, target: TARGET_RATIO, pass: ratio >= TARGET_RATIO },
      { name: `${RSS_BUDGET_MB} MB budget / RSS growth ${growthMb.toFixed(1)} MB`, value: rssValue, target: 1, pass: rssValue >= 1 },
    ];
    return {
      setup: `${FILES} files of ${FILE_BYTES / MIB} MiB on the local disk and ${ROWS.toLocaleString('en-US')} audit rows; one backup against tar -cf of the media folder`,
      measurements: [figure('tar -cf media folder', tarBytes, tarSeconds), figure(`backup, RSS +${growthMb.toFixed(0)} MB`, archiveBytes, backupSeconds)],
      checks,
    };
  } finally {
    await server.stop();
  }
}

export const backupBenchmark: Benchmark = { name: 'backup', run };
