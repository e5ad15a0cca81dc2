import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import { manifestEtag } from '../core-modules/player/manifest-builder.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, enrollFleet } from './fleet.js';
import { compare, type BenchResult, type Benchmark, type LoadOptions, type Measurement, type Target } from './support.js';

const SCREENS = 500;
const SMALL_PLAYLIST_ITEMS = 5;
const BIG_PLAYLIST_ITEMS = 500;
const BUILDS = 50;
const LOAD: LoadOptions = { warmupSeconds: 2, seconds: 10, rounds: 2, connections: 50, pipelining: 1 };

/** 304 revalidations must keep at least this share of what GET /healthz does on the same server. */
const TARGET_RATIO = 0.7;
/** A 500-item manifest must be built in under this (median). */
const BUILD_TARGET_MS = 20;

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
    for (const s of fleet) await playlists.assignmentsRepository.assign(s.screenId, { contentType: 'playlist', contentId: small });
    await playlists.assignmentsRepository.assign(bigScreen.screenId, { contentType: 'playlist', contentId: big });

    // Each screen's current ETag, as the player holds it after its last 200.
    const pairs: { authorization: string; etag: string }[] = [];
    for (const s of fleet) {
      const m = await player.manifestService.manifest(s.screenId);
      if (itemCount(m) !== SMALL_PLAYLIST_ITEMS) throw new Error(`manifest lists ${itemCount(m)} items, expected ${SMALL_PLAYLIST_ITEMS}`);
      pairs.push({ authorization: `Bearer ${s.credential}`, etag: manifestEtag(s.screenId, m.manifestVersion, m.schemaVersion) });
    }
    // One real request first: the route answers 304 to the ETag computed here.
    const check = await fetch(`${server.url}/api/v1/player/manifest`, {
      headers: { authorization: pairs[0]!.authorization, 'if-none-match': pairs[0]!.etag },
      signal: AbortSignal.timeout(5_000),
    });
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
      { label: 'GET /healthz', url: `${server.url}/healthz` },
      {
        label: `GET manifest 304 (${SCREENS} screens)`,
        url: server.url,
        expect: '3xx',
        requests: [{ method: 'GET', path: '/api/v1/player/manifest', setupRequest: rotate as never }],
      },
    ];
    const [health, revalidate] = (await compare(targets, LOAD)) as [Measurement, Measurement];

    // (b) Building a 500-item manifest, in process (no HTTP), after a few discarded warm-up builds.
    for (let i = 0; i < 5; i++) await player.manifestService.build(bigScreen.screenId);
    const times: number[] = [];
    for (let i = 0; i < BUILDS; i++) {
      const t0 = performance.now();
      const { content } = await player.manifestService.build(bigScreen.screenId);
      times.push(performance.now() - t0);
      if (itemCount(content) !== BIG_PLAYLIST_ITEMS) throw new Error(`manifest lists ${itemCount(content)} items, expected ${BIG_PLAYLIST_ITEMS}`);
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = (sorted[(BUILDS - 1) >> 1]! + sorted[BUILDS >> 1]!) / 2;
    const build: Measurement = {
      label: `manifestService.build (${BIG_PLAYLIST_ITEMS} items)`,
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
        `(b) ${BUILDS} sequential in-process builds (content and its hash) of a ${BIG_PLAYLIST_ITEMS}-item playlist's manifest (500 distinct ready assets); req/s there is builds/s`,
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
