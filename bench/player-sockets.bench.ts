import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, enrollFleet, signInOwner } from './fleet.js';
import type { BenchKernel, BenchResult, Benchmark, Measurement } from './support.js';

/** Sockets wanted; fewer when the file-descriptor limit cannot hold them (reported). */
const WANTED = 10_000;
/** Sockets being opened at once by the client process. */
const OPEN_CONCURRENCY = 200;
/** Assignments written at once while setting up. */
const ASSIGN_CONCURRENCY = 20;
const OPEN_TIMEOUT_MS = 180_000;
const DELIVERY_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 30_000;
/** Every socket must have its manifest.changed within this (p99). */
const TARGET_P99_MS = 2_000;

/** How many sockets fit: the server and the client are separate processes, each holding one descriptor per socket. */
function socketBudget(): { n: number; limit: number } {
  // Node cannot read RLIMIT_NOFILE; a shell it starts inherits it and can.
  let limit = 0;
  try {
    limit = Number(execFileSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim()) || 0;
  } catch {
    // unknown: try the full count
  }
  // Leave room for PostgreSQL connections, log files and the module loader.
  if (limit) return { n: Math.min(WANTED, limit - 500), limit };
  return { n: WANTED, limit: 0 };
}

// The clients live in a child process: in this one their buffers would count as the server's RSS.
// Plain CommonJS in the temp dir, `ws` required by absolute path. Times are performance.timeOrigin +
// performance.now(), which both processes read from the same wall clock.
const CLIENT = (wsPath: string) => `
const WebSocket = require(${JSON.stringify(wsPath)});
const now = () => performance.timeOrigin + performance.now();
const sockets = []; const received = new Map(); let failures = 0; let firstError = '';
process.on('message', async (msg) => {
  if (msg.type === 'open') {
    const { url, credentials, concurrency } = msg;
    let next = 0; let hellos = 0;
    const openOne = (credential) => new Promise((resolve) => {
      const ws = new WebSocket(url, { headers: { authorization: 'Bearer ' + credential }, perMessageDeflate: false });
      let done = false;
      const finish = (ok, why) => { if (done) return; done = true; if (!ok) { failures++; firstError ||= why; } resolve(); };
      ws.on('message', (data) => {
        const m = JSON.parse(data.toString());
        if (m.type === 'server.hello') { ws.send(JSON.stringify({ type: 'player.hello', protocolVersion: 1 })); hellos++; finish(true); }
        else if (m.type === 'manifest.changed' && !received.has(ws)) received.set(ws, now());
      });
      ws.on('error', (e) => finish(false, e.message));
      ws.on('close', (code) => finish(false, 'closed ' + code));
      sockets.push(ws);
    });
    const worker = async () => { while (next < credentials.length) await openOne(credentials[next++]); };
    await Promise.all(Array.from({ length: concurrency }, worker));
    process.send({ type: 'opened', hellos, failures, firstError });
  } else if (msg.type === 'await') {
    const deadline = now() + msg.timeoutMs;
    const open = () => sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    while (received.size < open() && now() < deadline) await new Promise((r) => setTimeout(r, 20));
    process.send({ type: 'received', times: [...received.values()], open: open() });
  } else if (msg.type === 'close') {
    const closed = sockets.map((s) => new Promise((r) => { if (s.readyState === WebSocket.CLOSED) return r(); s.once('close', r); s.close(1000); }));
    await Promise.race([Promise.all(closed), new Promise((r) => setTimeout(r, msg.timeoutMs))]);
    for (const s of sockets) if (s.readyState !== WebSocket.CLOSED) s.terminate();
    process.send({ type: 'closed' }, () => process.exit(0));
  }
});
`;

function ask<T>(child: ChildProcess, message: object, reply: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`client process did not answer ${reply} within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    const onMessage = (m: { type: string }) => {
      if (m.type !== reply) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** One playlist on every screen, each screen's manifest recorded, as after the fleet's first fetches. */
async function assignEveryScreen(server: BenchKernel, screenIds: string[]): Promise<{ playlistId: string; newAssetId: string }> {
  const media = server.kernel.containerOf('media').cradle as MediaDeps;
  const playlists = server.kernel.containerOf('playlists').cradle as PlaylistsDeps;
  const player = server.kernel.containerOf('player').cradle as PlayerDeps;
  const [first, newAssetId] = (await seedAssets(media, 2)) as [string, string];
  const playlistId = await seedPlaylist(playlists, 'Bench fleet', [first], 1);
  let next = 0;
  const assignSome = async () => {
    while (next < screenIds.length) await playlists.assignmentsRepository.assign(screenIds[next++]!, playlistId, () => new Error('bench playlist missing'));
  };
  await Promise.all(Array.from({ length: ASSIGN_CONCURRENCY }, assignSome));
  await player.manifestService.refreshMany(screenIds);
  return { playlistId, newAssetId };
}

async function run(): Promise<BenchResult> {
  const { n, limit } = socketBudget();
  const server = await bootServer();
  let child: ChildProcess | undefined;
  try {
    const fleet = await enrollFleet(server, n);
    const { playlistId, newAssetId } = await assignEveryScreen(
      server,
      fleet.map((s) => s.screenId),
    );
    const owner = await signInOwner(server);
    const clientPath = join(server.dataDir, 'socket-clients.cjs');
    writeFileSync(clientPath, CLIENT(createRequire(import.meta.url).resolve('ws')));
    child = fork(clientPath, [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const exited = new Promise<void>((resolve) => child!.once('exit', () => resolve()));

    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage();
    const url = `${server.url.replace(/^http/, 'ws')}/api/v1/player/socket`;
    const t0 = performance.now();
    const opened = await ask<{ hellos: number; failures: number; firstError: string }>(
      child,
      { type: 'open', url, credentials: fleet.map((s) => s.credential), concurrency: OPEN_CONCURRENCY },
      'opened',
      OPEN_TIMEOUT_MS,
    );
    const openSeconds = (performance.now() - t0) / 1000;
    if (opened.failures) throw new Error(`${opened.failures} of ${n} sockets failed to open (first: ${opened.firstError})`);
    // Let registration writes and GC settle before reading memory.
    await new Promise((r) => setTimeout(r, 2_000));
    (globalThis as { gc?: () => void }).gc?.();
    const after = process.memoryUsage();
    const rssPerSocket = (after.rss - before.rss) / n;
    const heapPerSocket = (after.heapUsed - before.heapUsed) / n;

    // The edit as the console makes it: one item added to the playlist every screen plays.
    const delivered = ask<{ times: number[]; open: number }>(
      child,
      { type: 'await', timeoutMs: DELIVERY_TIMEOUT_MS },
      'received',
      DELIVERY_TIMEOUT_MS + 10_000,
    );
    const start = performance.timeOrigin + performance.now();
    const edit = await fetch(`${server.url}/api/v1/playlists/${playlistId}/items`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrfToken },
      body: JSON.stringify({ assetId: newAssetId, durationMs: 10_000 }),
    });
    const editMs = performance.timeOrigin + performance.now() - start;
    if (edit.status !== 201) throw new Error(`adding the playlist item answered ${edit.status}: ${await edit.text()}`);
    const { times, open } = await delivered;
    if (open !== n) throw new Error(`only ${open} of ${n} sockets still open at delivery`);
    if (times.length !== n) throw new Error(`only ${times.length} of ${n} sockets received manifest.changed within ${DELIVERY_TIMEOUT_MS / 1000} s`);
    const latencies = times.map((t) => t - start).sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const max = latencies[latencies.length - 1]!;

    await ask(child, { type: 'close', timeoutMs: CLOSE_TIMEOUT_MS }, 'closed', CLOSE_TIMEOUT_MS + 10_000);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    child = undefined;

    const delivery: Measurement = {
      label: `manifest.changed to ${n} sockets (max ${round1(max)} ms)`,
      rps: n / (max / 1000),
      p50Ms: round1(p50),
      p99Ms: round1(p99),
      requests: n,
    };
    const p99Ratio = TARGET_P99_MS / p99;
    return {
      setup:
        `${n} player sockets${n < WANTED ? ` (of ${WANTED} wanted; fd limit ${limit})` : ''} to one web-role server from a separate client process, ${OPEN_CONCURRENCY} opening at a time, ` +
        `all server.hello in ${openSeconds.toFixed(1)} s; server RSS ${mb(before.rss)} → ${mb(after.rss)} MB = ${(rssPerSocket / 1024).toFixed(1)} KB/socket, ` +
        `heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB = ${(heapPerSocket / 1024).toFixed(1)} KB/socket; then one item added over HTTP to the playlist all ` +
        `screens play (the request took ${Math.round(editMs)} ms), latency from sending it to each socket's manifest.changed (req/s there is sockets/s)`,
      measurements: [delivery],
      checks: [{ name: `${TARGET_P99_MS} ms / p99 delivery`, value: p99Ratio, target: 1, pass: p99Ratio >= 1 }],
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await server.stop();
  }
}

export const playerSocketsBenchmark: Benchmark = { name: 'player-sockets', run };
