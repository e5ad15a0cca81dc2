import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { MediaDeps } from '../core-modules/media/media.plugin.js';
import { manifestEtag } from '../core-modules/player/manifest-builder.js';
import type { PlayerDeps } from '../core-modules/player/player.plugin.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists.plugin.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, enrollFleet } from './fleet.js';
import type { BenchResult, Benchmark, LoadOptions, Measurement } from './support.js';

const SCREENS = 500;
const SMALL_PLAYLIST_ITEMS = 5;
const BIG_PLAYLIST_ITEMS = 500;
const BUILDS = 50;
const LOAD: LoadOptions = { warmupSeconds: 2, seconds: 10, rounds: 2, connections: 50, pipelining: 1 };

/** 304 revalidations must keep at least this share of what GET /healthz does on the same server. */
const TARGET_RATIO = 0.7;
/** A 500-item manifest must be built in under this (median). */
const BUILD_TARGET_MS = 20;

type Target = { label: string; expect: '2xx' | '3xx'; options: autocannon.Options };

function cannon(target: Target, seconds: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let finished = false;
    // Its own thread: the load generator must not share the server's event loop.
    const instance = autocannon({ ...target.options, duration: seconds, connections: LOAD.connections, pipelining: LOAD.pipelining, workers: 1 }, (err, result) => {
      finished = true;
      clearTimeout(timer);
      if (err) return reject(err instanceof Error ? err : new Error(String(err)));
      // Every answer must be the expected class: a 304 target that answers 200 or 401 measures something else.
      const r = result as autocannon.Result & Record<'1xx' | '2xx' | '3xx' | '4xx' | '5xx', number>;
      const wrong = r['1xx'] + r['2xx'] + r['3xx'] + r['4xx'] + r['5xx'] - r[target.expect];
      if (result.errors || wrong) reject(new Error(`${target.label}: ${result.errors} errors and ${wrong} responses other than ${target.expect} in ${result.requests.total} requests`));
      else resolve(result);
    });
    if (!finished) {
      timer = setTimeout(() => {
        instance.stop();
        reject(new Error(`${target.label} did not finish within ${seconds + 30} s`));
      }, (seconds + 30) * 1000);
    }
  });
}

function measurement(label: string, results: autocannon.Result[]): Measurement {
  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  return {
    label,
    rps: requests / results.reduce((n, r) => n + r.duration, 0),
    p50Ms: Math.max(...results.map((r) => r.latency.p50)),
    p99Ms: Math.max(...results.map((r) => r.latency.p99)),
    requests,
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
// The content is a union by mode; only a presentation carries a playlist.
const itemCount = (c: object) => ('playlist' in c ? ((c.playlist as { items?: unknown[] } | undefined)?.items?.length ?? 0) : 0);
const round2 = (n: number) => Math.round(n * 100) / 100;

async function run(): Promise<BenchResult> {
  const server = await bootServer();
  try {
    const media = server.kernel.containerOf('media').cradle as MediaDeps;
    const playlists = server.kernel.containerOf('playlists').cradle as PlaylistsDeps;
    const player = server.kernel.containerOf('player').cradle as PlayerDeps;

    const assetIds = await seedAssets(media, BIG_PLAYLIST_ITEMS);
    const small = await seedPlaylist(playlists, 'Bench small', assetIds, SMALL_PLAYLIST_ITEMS);
    const big = await seedPlaylist(playlists, 'Bench big', assetIds, BIG_PLAYLIST_ITEMS);
    const fleet = await enrollFleet(server, SCREENS + 1);
    const bigScreen = fleet.pop()!;
    const missing = () => new Error('playlist missing');
    for (const s of fleet) await playlists.assignmentsRepository.assign(s.screenId, small, missing);
    await playlists.assignmentsRepository.assign(bigScreen.screenId, big, missing);

    // Each screen's current ETag, as the player holds it after its last 200.
    const pairs: { authorization: string; etag: string }[] = [];
    for (const s of fleet) {
      const m = await player.manifestService.manifest(s.screenId);
      if (itemCount(m) !== SMALL_PLAYLIST_ITEMS) throw new Error(`manifest lists ${itemCount(m)} items, expected ${SMALL_PLAYLIST_ITEMS}`);
      pairs.push({ authorization: `Bearer ${s.credential}`, etag: manifestEtag(s.screenId, m.manifestVersion) });
    }
    // One real request first: the route answers 304 to the ETag computed here.
    const check = await fetch(`${server.url}/api/v1/player/manifest`, { headers: { authorization: pairs[0]!.authorization, 'if-none-match': pairs[0]!.etag }, signal: AbortSignal.timeout(5_000) });
    if (check.status !== 304) throw new Error(`manifest revalidation answered ${check.status}, expected 304`);

    // Round robin over the fleet, one screen per request (see heartbeat.bench.ts for why a hook).
    const rotate = join(server.dataDir, 'rotate-manifest.cjs');
    writeFileSync(join(server.dataDir, 'pairs.json'), JSON.stringify(pairs));
    writeFileSync(
      rotate,
      `const pairs = require(${JSON.stringify(join(server.dataDir, 'pairs.json'))}); let next = 0;
       module.exports = (req) => { const p = pairs[next++ % pairs.length]; return { ...req, headers: { ...req.headers, authorization: p.authorization, 'if-none-match': p.etag } }; };`,
    );
    const targets: Target[] = [
      { label: 'GET /healthz', expect: '2xx', options: { url: `${server.url}/healthz` } },
      { label: `GET manifest 304 (${SCREENS} screens)`, expect: '3xx', options: { url: server.url, requests: [{ method: 'GET', path: '/api/v1/player/manifest', setupRequest: rotate as never }] } },
    ];
    for (const t of targets) await cannon(t, LOAD.warmupSeconds);
    const runs = new Map<Target, autocannon.Result[]>(targets.map((t) => [t, []]));
    for (let round = 0; round < LOAD.rounds; round++) {
      for (const t of round % 2 ? [...targets].reverse() : targets) runs.get(t)!.push(await cannon(t, LOAD.seconds / LOAD.rounds));
    }
    const [health, revalidate] = targets.map((t) => measurement(t.label, runs.get(t)!)) as [Measurement, Measurement];

    // (b) Building a 500-item manifest, in process (no HTTP), after a few discarded warm-up builds.
    for (let i = 0; i < 5; i++) await player.manifestService.content(bigScreen.screenId);
    const times: number[] = [];
    for (let i = 0; i < BUILDS; i++) {
      const t0 = performance.now();
      const content = await player.manifestService.content(bigScreen.screenId);
      times.push(performance.now() - t0);
      if (itemCount(content) !== BIG_PLAYLIST_ITEMS) throw new Error(`manifest lists ${itemCount(content)} items, expected ${BIG_PLAYLIST_ITEMS}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = (sorted[(BUILDS - 1) >> 1]! + sorted[BUILDS >> 1]!) / 2;
    const build: Measurement = {
      label: `manifestService.content (${BIG_PLAYLIST_ITEMS} items)`,
      rps: 1000 / (times.reduce((a, b) => a + b, 0) / BUILDS),
      p50Ms: round2(median),
      p99Ms: round2(percentile(sorted, 99)),
      requests: BUILDS,
    };

    const ratio = revalidate.rps / health.rps;
    const buildRatio = BUILD_TARGET_MS / median;
    return {
      setup:
        `(a) ${SCREENS} enrolled screens on one ${SMALL_PLAYLIST_ITEMS}-item playlist taking turns, each request its device credential and current ETag (If-None-Match → 304); ` +
        `${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up, then ${LOAD.seconds} s measured each in ${LOAD.rounds} alternating rounds. ` +
        `(b) ${BUILDS} sequential in-process builds of a ${BIG_PLAYLIST_ITEMS}-item playlist's manifest (500 distinct ready assets); req/s there is builds/s`,
      measurements: [health, revalidate, build],
      checks: [
        { name: 'manifest 304/healthz req/s', value: ratio, target: TARGET_RATIO, pass: ratio >= TARGET_RATIO },
        { name: `${BUILD_TARGET_MS} ms / median 500-item build`, value: buildRatio, target: 1, pass: buildRatio >= 1 },
      ],
    };
  } finally {
    await server.stop();
  }
}

export const manifestBenchmark: Benchmark = { name: 'manifest', run };
