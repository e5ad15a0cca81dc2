import type { ChildProcess } from 'node:child_process';
import { manifestEtag } from '../core-modules/player/manifest-builder.js';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, enrollFleet, signInOwner } from './fleet.js';
import { awaitManifestChanged, closeAll, openAll, percentile, socketBudget, startSocketClients } from './socket-clients.js';
import type { BenchResult, Benchmark, Measurement } from './support.js';

const WANTED = 5_000;
const OPEN_CONCURRENCY = 200;
const FETCH_CONCURRENCY = 50;
const DELIVERY_TIMEOUT_MS = 60_000;
/** Every member's socket must hear of the schedule within this (p99). */
const TARGET_P99_MS = 2_000;

const round1 = (n: number) => Math.round(n * 10) / 10;

async function run(): Promise<BenchResult> {
  const { n, limit } = socketBudget(WANTED);
  const server = await bootServer();
  let child: ChildProcess | undefined;
  try {
    const { db } = server.kernel.containerOf('kernel').cradle as { db: import('knex').Knex };
    const media = server.kernel.containerOf('media').cradle as MediaDeps;
    const playlists = server.kernel.containerOf('playlists').cradle as PlaylistsDeps;
    const player = server.kernel.containerOf('player').cradle as PlayerDeps;
    const owner = await signInOwner(server);
    const consoleHeaders = { 'content-type': 'application/json', cookie: owner.cookie, 'x-csrf-token': owner.csrfToken };

    // One group of every screen, playing its playlist; each screen's manifest recorded.
    const fleet = await enrollFleet(server, n);
    const assetIds = await seedAssets(media, 4);
    const lobby = await seedPlaylist(playlists, 'Bench lobby', assetIds.slice(0, 2), 2);
    const breakfast = await seedPlaylist(playlists, 'Bench breakfast', assetIds.slice(2), 2);
    const group = (await (
      await fetch(`${server.url}/api/v1/screen-groups`, { method: 'POST', headers: consoleHeaders, body: JSON.stringify({ name: 'Bench fleet' }) })
    ).json()) as {
      data: { id: string };
    };
    await db('screen_group_members').insert(fleet.map((s) => ({ group_id: group.data.id, screen_id: s.screenId })));
    await fetch(`${server.url}/api/v1/screen-groups/${group.data.id}/playlist-assignment`, {
      method: 'PUT',
      headers: consoleHeaders,
      body: JSON.stringify({ playlistId: lobby }),
    });
    const etags = new Map<string, string>();
    for (const s of fleet) {
      const m = await player.manifestService.manifest(s.screenId);
      etags.set(s.screenId, manifestEtag(s.screenId, m.manifestVersion, m.schemaVersion));
    }

    child = startSocketClients(server);
    await openAll(
      child,
      server,
      fleet.map((s) => s.credential),
      OPEN_CONCURRENCY,
    );

    // The edit as the console makes it: one weekly schedule on the group.
    const delivered = awaitManifestChanged(child, DELIVERY_TIMEOUT_MS);
    const start = performance.timeOrigin + performance.now();
    const created = await fetch(`${server.url}/api/v1/schedules`, {
      method: 'POST',
      headers: consoleHeaders,
      body: JSON.stringify({
        name: 'Breakfast',
        playlistId: breakfast,
        type: 'weekly',
        timezone: 'Europe/Berlin',
        dailyStart: '07:00',
        dailyEnd: '10:00',
        daysOfWeek: [1, 2, 3, 4, 5],
        targets: [{ type: 'group', id: group.data.id }],
      }),
    });
    const editMs = performance.timeOrigin + performance.now() - start;
    if (created.status !== 201) throw new Error(`creating the schedule answered ${created.status}: ${await created.text()}`);
    const { times, open } = await delivered;
    if (times.length !== n || open !== n)
      throw new Error(`${times.length} of ${n} sockets (${open} open) heard of the schedule within ${DELIVERY_TIMEOUT_MS / 1000} s`);
    const latencies = times.map((t) => t - start).sort((a, b) => a - b);
    const p99 = percentile(latencies, 99);

    // The fetches that follow: with the old ETag every screen gets the new manifest (200), and
    // revalidating that one answers 304.
    const statuses = new Map<number, number>();
    const fetchAll = async (etagOf: (screenId: string) => string) => {
      let next = 0;
      const t0 = performance.now();
      const worker = async () => {
        while (next < fleet.length) {
          const s = fleet[next++]!;
          const res = await fetch(`${server.url}/api/v1/player/manifest`, {
            headers: { authorization: `Bearer ${s.credential}`, 'if-none-match': etagOf(s.screenId) },
          });
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) etags.set(s.screenId, res.headers.get('etag')!);
          await res.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: FETCH_CONCURRENCY }, worker));
      return performance.now() - t0;
    };
    const fullMs = await fetchAll((id) => etags.get(id)!);
    const full = new Map(statuses);
    statuses.clear();
    const revalidateMs = await fetchAll((id) => etags.get(id)!);
    const revalidated = new Map(statuses);

    await closeAll(child);
    child = undefined;

    const describe = (m: Map<number, number>) => [...m].map(([status, count]) => `${count} × ${status}`).join(', ');
    const measurements: Measurement[] = [
      {
        label: `manifest.changed to ${n} group members (max ${round1(latencies.at(-1)!)} ms)`,
        rps: n / (latencies.at(-1)! / 1000),
        p50Ms: round1(percentile(latencies, 50)),
        p99Ms: round1(p99),
        requests: n,
      },
      { label: `fetches after it (${describe(full)})`, rps: n / (fullMs / 1000), p50Ms: 0, p99Ms: 0, requests: n },
      { label: `revalidations (${describe(revalidated)})`, rps: n / (revalidateMs / 1000), p50Ms: 0, p99Ms: 0, requests: n },
    ];
    const expected = full.get(200) === n && revalidated.get(304) === n;
    return {
      setup:
        `${n} player sockets${n < WANTED ? ` (of ${WANTED} wanted; fd limit ${limit})` : ''}, all in one group playing its playlist; one weekly schedule created over HTTP on the group ` +
        `(the request took ${Math.round(editMs)} ms); latency from sending it to each socket's manifest.changed; then every screen fetches with its old ETag and revalidates, ${FETCH_CONCURRENCY} at a time`,
      measurements,
      checks: [
        { name: `${TARGET_P99_MS} ms / p99 delivery`, value: TARGET_P99_MS / p99, target: 1, pass: p99 <= TARGET_P99_MS },
        { name: 'every fetch 200, then every revalidation 304', value: expected ? 1 : 0, target: 1, pass: expected },
      ],
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await server.stop();
  }
}

export const schedulePushBenchmark: Benchmark = { name: 'schedule-push', run };
