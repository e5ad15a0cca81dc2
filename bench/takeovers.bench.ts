import type { ChildProcess } from 'node:child_process';
import type { Knex } from 'knex';
import WebSocket from 'ws';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, enrollFleet, ownerApi, type EnrolledScreen } from './fleet.js';
import { awaitManifestChanged, closeAll, openAll, percentile, socketBudget, startSocketClients } from './socket-clients.js';
import type { BenchKernel, BenchResult, Benchmark, Measurement } from './support.js';

const WANTED_SCREENS = 10_000;
/** A takeover names at most 250 screens and groups: the fleet goes in groups of this many. */
const GROUP_SIZE = 250;
const ITEMS = 10;
const OPEN_CONCURRENCY = 200;
const FETCH_CONCURRENCY = 64;
const SINGLE_ROUNDS = 10;
const DELIVERY_TIMEOUT_MS = 120_000;
/** Every connected target must hear of a takeover within this (p99), as the issue asks. */
const DELIVERY_TARGET_P99_MS = 1_000;

const round2 = (n: number) => Math.round(n * 100) / 100;
const now = () => performance.timeOrigin + performance.now();

/** One player socket in this process, for the single-screen baseline: resolves at its next manifest.changed. */
async function singleSocket(server: BenchKernel, credential: string) {
  const ws = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/v1/player/socket`, { headers: { authorization: `Bearer ${credential}` } });
  let waiter: ((at: number) => void) | undefined;
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data)) as { type: string };
      if (m.type === 'server.hello') resolve();
      if (m.type === 'manifest.changed') waiter?.(now());
    });
    ws.once('error', reject);
  });
  return {
    nextManifestChanged: () => new Promise<number>((resolve) => (waiter = resolve)),
    close: () => ws.close(),
  };
}

/** Every screen fetches its manifest over HTTP, `FETCH_CONCURRENCY` at a time: the wall time for all of them. */
async function fetchAll(server: BenchKernel, fleet: EnrolledScreen[]): Promise<number> {
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < fleet.length) {
      const s = fleet[next++]!;
      const res = await fetch(`${server.url}/api/v1/player/manifest`, { headers: { authorization: `Bearer ${s.credential}` } });
      if (res.status !== 200) throw new Error(`manifest answered ${res.status}`);
      await res.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, worker));
  return performance.now() - t0;
}

const spread = (label: string, latencies: number[]): Measurement => {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    label,
    rps: sorted.length / (sorted.at(-1)! / 1000),
    p50Ms: round2(percentile(sorted, 50)),
    p99Ms: round2(percentile(sorted, 99)),
    requests: sorted.length,
  };
};

async function run(): Promise<BenchResult> {
  const { n, limit } = socketBudget(WANTED_SCREENS);
  const server = await bootServer();
  let child: ChildProcess | undefined;
  try {
    const { db } = server.kernel.containerOf('kernel').cradle as { db: Knex };
    const media = server.kernel.containerOf('media').cradle as MediaDeps;
    const playlists = server.kernel.containerOf('playlists').cradle as PlaylistsDeps;
    const player = server.kernel.containerOf('player').cradle as PlayerDeps;
    const api = await ownerApi(server);
    const expiresAt = () => new Date(Date.now() + 30 * 60_000).toISOString();

    const imageIds = await seedAssets(media, 2 * ITEMS + 1);
    const daily = await seedPlaylist(playlists, 'Bench daily', imageIds.slice(0, ITEMS), ITEMS);
    const alarm = await seedPlaylist(playlists, 'Bench alarm', imageIds.slice(ITEMS, 2 * ITEMS), ITEMS);
    const [single, ...fleet] = await enrollFleet(server, n + 1);
    const all = [single!, ...fleet];
    // Every screen plays the daily playlist; the fleet sits in groups a takeover can name.
    await db.transaction((trx) =>
      playlists.playlistLibrary.keepAsAssignment(
        all.map((s) => s.screenId),
        { contentType: 'playlist', contentId: daily },
        trx,
      ),
    );
    const groupIds: string[] = [];
    for (let i = 0; i < fleet.length; i += GROUP_SIZE) {
      const group = await api('POST', '/screen-groups', { name: `Bench floor ${i / GROUP_SIZE}` });
      await db('screen_group_members').insert(fleet.slice(i, i + GROUP_SIZE).map((s) => ({ group_id: group.id, screen_id: s.screenId })));
      groupIds.push(group.id);
    }
    await player.manifestService.refreshMany(all.map((s) => s.screenId));

    // (a) Baseline: a takeover of one connected screen, from the POST to its manifest.changed.
    const socket = await singleSocket(server, single!.credential);
    const singleMs: number[] = [];
    for (let i = 0; i < SINGLE_ROUNDS + 3; i++) {
      const heard = socket.nextManifestChanged();
      const t0 = now();
      const t = await api('POST', '/takeovers', { name: `Single ${i}`, playlistId: alarm, screenIds: [single!.screenId], expiresAt: expiresAt() });
      const at = await heard;
      if (i >= 3) singleMs.push(at - t0);
      const back = socket.nextManifestChanged();
      await api('POST', `/takeovers/${t.id}/cancel`, {});
      await back;
    }
    socket.close();

    child = startSocketClients(server);
    await openAll(
      child,
      server,
      fleet.map((s) => s.credential),
      OPEN_CONCURRENCY,
    );
    // (b) Baseline fan-out: an edit of the playlist every screen plays, published, to each socket's manifest.changed.
    const edited = await api('POST', `/playlists/${daily}/items`, { assetId: imageIds[2 * ITEMS], durationMs: 5000 });
    let delivered = awaitManifestChanged(child, DELIVERY_TIMEOUT_MS);
    let t0 = now();
    await api('POST', `/playlists/${daily}/publish`, { expectedDraftRevision: edited.draftRevision });
    const edit = await delivered;
    const editLatencies = edit.times.map((t) => t - t0);
    const fetchBefore = await fetchAll(server, fleet);

    // (c) The takeover of every connected screen (its groups), to each socket's manifest.changed.
    delivered = awaitManifestChanged(child, DELIVERY_TIMEOUT_MS);
    t0 = now();
    const takeover = await api('POST', '/takeovers', { name: 'Bench evacuation', playlistId: alarm, groupIds, expiresAt: expiresAt() });
    const answeredMs = now() - t0;
    const taken = await delivered;
    if (taken.times.length !== fleet.length || taken.open !== fleet.length || takeover.affectedCount !== fleet.length) {
      throw new Error(`${taken.times.length} of ${fleet.length} sockets (${taken.open} open, ${takeover.affectedCount} taken) heard of the takeover`);
    }
    const latencies = taken.times.map((t) => t - t0);
    const fetchAfter = await fetchAll(server, fleet);
    const sample = (await (await fetch(`${server.url}/api/v1/player/manifest`, { headers: { authorization: `Bearer ${fleet[0]!.credential}` } })).json()) as {
      data: { takeover?: { id: string } };
    };
    if (sample.data.takeover?.id !== takeover.id) throw new Error('a taken screen’s manifest does not carry the takeover');
    await closeAll(child);
    child = undefined;

    const p99 = percentile(
      [...latencies].sort((a, b) => a - b),
      99,
    );
    const singleMedian = percentile(
      [...singleMs].sort((a, b) => a - b),
      50,
    );
    const editP99 = percentile(
      [...editLatencies].sort((a, b) => a - b),
      99,
    );
    return {
      setup:
        `${fleet.length} connected player sockets${fleet.length < WANTED_SCREENS ? ` (of ${WANTED_SCREENS} wanted; fd limit ${limit})` : ''} in ${groupIds.length} groups, each screen assigned a ${ITEMS}-item playlist. ` +
        `(a) ${SINGLE_ROUNDS} takeovers of one other connected screen (after 3 discarded), POST to its manifest.changed; (b) an item added to the playlist every screen plays, ` +
        `to each socket's manifest.changed; (c) POST /takeovers naming the ${groupIds.length} groups (a ${ITEMS}-item playlist), to each socket's manifest.changed; ` +
        `then every screen fetches its manifest over HTTP, ${FETCH_CONCURRENCY} at a time, before and after the takeover.`,
      measurements: [
        {
          label: 'takeover of 1 screen (baseline)',
          rps: 1000 / singleMedian,
          p50Ms: round2(singleMedian),
          p99Ms: round2(Math.max(...singleMs)),
          requests: singleMs.length,
        },
        spread(`playlist edit: manifest.changed to ${fleet.length} screens (baseline)`, editLatencies),
        spread(`takeover: manifest.changed to ${fleet.length} screens`, latencies),
        { label: 'POST /takeovers answered', rps: 1000 / answeredMs, p50Ms: round2(answeredMs), p99Ms: round2(answeredMs), requests: 1 },
        {
          label: `${fleet.length} manifest fetches before the takeover (wall)`,
          rps: fleet.length / (fetchBefore / 1000),
          p50Ms: round2(fetchBefore),
          p99Ms: round2(fetchBefore),
          requests: fleet.length,
        },
        {
          label: `${fleet.length} manifest fetches after the takeover (wall)`,
          rps: fleet.length / (fetchAfter / 1000),
          p50Ms: round2(fetchAfter),
          p99Ms: round2(fetchAfter),
          requests: fleet.length,
        },
      ],
      checks: [
        { name: `${DELIVERY_TARGET_P99_MS} ms / p99 takeover delivery`, value: DELIVERY_TARGET_P99_MS / p99, target: 1, pass: p99 <= DELIVERY_TARGET_P99_MS },
        { name: 'p99 playlist-edit fan-out / p99 takeover delivery', value: editP99 / p99, target: 0, pass: true },
        { name: 'single-screen takeover / p99 takeover delivery', value: singleMedian / p99, target: 0, pass: true },
        { name: 'manifest fetches before / after the takeover (wall)', value: fetchBefore / fetchAfter, target: 0, pass: true },
      ],
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await server.stop();
  }
}

export const takeoversBenchmark: Benchmark = { name: 'takeovers', run };
