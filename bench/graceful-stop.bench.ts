import type { ChildProcess } from 'node:child_process';
import { get, type IncomingMessage } from 'node:http';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import { createStoredAsset, MIB } from './file-download.js';
import { bootServer, enrollFleet, signInOwner } from './fleet.js';
import { openAll, socketBudget, startSocketClients } from './socket-clients.js';
import type { BenchKernel, BenchResult, Benchmark, Measurement } from './support.js';

const SOCKETS = 1_000;
const DOWNLOADS = 10;
const FILE_BYTES = 64 * MIB;
/** Benchmark kernels stop with SHUTDOWN_GRACE_SECONDS=2; the target is the grace plus a second. */
const TARGET_MS = 3_000;

/** Starts a download that reads its first bytes and then stalls: a player on a slow link. */
function stalledDownload(url: string, cookie: string): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { cookie } }, (res) => {
      res.once('data', () => {
        res.pause();
        resolve(res);
      });
      res.on('error', () => {});
    }).on('error', reject);
  });
}

async function timedStop(server: BenchKernel): Promise<number> {
  const started = performance.now();
  await server.kernel.stop();
  const ms = performance.now() - started;
  await server.stop();
  return ms;
}

async function run(): Promise<BenchResult> {
  // Baseline: the same server stopping with nothing open.
  const idle = await bootServer();
  const idleMs = await timedStop(idle);

  const { n, limit } = socketBudget(SOCKETS);
  const server = await bootServer();
  let child: ChildProcess | undefined;
  try {
    const fleet = await enrollFleet(server, n);
    const { cookie } = await signInOwner(server);
    const asset = await createStoredAsset(server.kernel.containerOf('media').cradle as MediaDeps, FILE_BYTES);
    child = startSocketClients(server);
    await openAll(
      child,
      server,
      fleet.map((s) => s.credential),
      200,
    );
    const downloads = await Promise.all(Array.from({ length: DOWNLOADS }, () => stalledDownload(`${server.url}/api/v1/assets/${asset.id}/preview`, cookie)));
    const busyMs = await timedStop(server);
    for (const d of downloads) d.destroy();

    const measurement = (label: string, ms: number): Measurement => ({ label, rps: 1000 / ms, p50Ms: Math.round(ms), p99Ms: Math.round(ms), requests: 1 });
    const ratio = TARGET_MS / busyMs;
    return {
      setup:
        `kernel.stop() (what SIGTERM runs) of the whole server, web role, SHUTDOWN_GRACE_SECONDS=2: first with nothing open (baseline), then with ` +
        `${n} player sockets${n < SOCKETS ? ` (of ${SOCKETS} wanted; fd limit ${limit})` : ''} open from a client process and ${DOWNLOADS} downloads of a ` +
        `${FILE_BYTES / MIB} MiB file stalled after their first bytes (they never finish, so the grace runs out); req/s there is stops/s`,
      measurements: [measurement('stop, nothing open', idleMs), measurement(`stop, ${n} sockets + ${DOWNLOADS} stalled downloads`, busyMs)],
      checks: [{ name: `${TARGET_MS} ms (grace + 1 s) / stop time`, value: ratio, target: 1, pass: ratio >= 1 }],
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await server.stop();
  }
}

export const gracefulStopBenchmark: Benchmark = { name: 'graceful-stop', run };
