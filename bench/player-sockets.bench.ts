import type { ChildProcess } from 'node:child_process';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, enrollFleet, signInOwner } from './fleet.js';
import { ask, percentile, socketBudget, startSocketClients } from './socket-clients.js';
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
    while (next < screenIds.length) await playlists.assignmentsRepository.assign(screenIds[next++]!, { contentType: 'playlist', contentId: playlistId });
  };
  await Promise.all(Array.from({ length: ASSIGN_CONCURRENCY }, assignSome));
  await player.manifestService.refreshMany(screenIds);
  return { playlistId, newAssetId };
}

async function run(): Promise<BenchResult> {
  const { n, limit } = socketBudget(WANTED);
  const server = await bootServer();
  let child: ChildProcess | undefined;
  try {
    const fleet = await enrollFleet(server, n);
    const { playlistId, newAssetId } = await assignEveryScreen(
      server,
      fleet.map((s) => s.screenId),
    );
    const owner = await signInOwner(server);
    child = startSocketClients(server);
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

    // The edit as the console makes it: one item added to the draft of the playlist every screen plays, then published.
    const headers = { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrfToken };
    const added = await fetch(`${server.url}/api/v1/playlists/${playlistId}/items`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ assetId: newAssetId, durationMs: 10_000 }),
    });
    if (added.status !== 201) throw new Error(`adding the playlist item answered ${added.status}: ${await added.text()}`);
    const { draftRevision } = (await added.json()).data;
    const delivered = ask<{ times: number[]; open: number }>(
      child,
      { type: 'await', timeoutMs: DELIVERY_TIMEOUT_MS },
      'received',
      DELIVERY_TIMEOUT_MS + 10_000,
    );
    const start = performance.timeOrigin + performance.now();
    const edit = await fetch(`${server.url}/api/v1/playlists/${playlistId}/publish`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ expectedDraftRevision: draftRevision }),
    });
    const editMs = performance.timeOrigin + performance.now() - start;
    if (edit.status !== 201) throw new Error(`publishing the playlist answered ${edit.status}: ${await edit.text()}`);
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
        `heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB = ${(heapPerSocket / 1024).toFixed(1)} KB/socket; then one item added over HTTP to the draft of the playlist all ` +
        `screens play and the draft published (the publish took ${Math.round(editMs)} ms), latency from sending the publish to each socket's manifest.changed (req/s there is sockets/s)`,
      measurements: [delivery],
      checks: [{ name: `${TARGET_P99_MS} ms / p99 delivery`, value: p99Ratio, target: 1, pass: p99Ratio >= 1 }],
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await server.stop();
  }
}

export const playerSocketsBenchmark: Benchmark = { name: 'player-sockets', run };
