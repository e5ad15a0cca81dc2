import { decide } from '../core-modules/player/playback/playback-resolver.js';
import { claimsOf } from '../core-modules/player/manifest-sections.js';
import { BuildMemo, type Resolved, resolutionKey } from '../core-modules/player/content-sources.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, signInOwner } from './fleet.js';
import { compare, type BenchResult, type Benchmark, type LoadOptions, type Measurement } from './support.js';

const SCREENS = 10_000;
const GROUPS = 500;
const SCHEDULES = 1_000;
const PLAYLISTS = 20;
// Few connections: the target is a preview's latency, which a queue of concurrent ones would hide.
const LOAD: LoadOptions = { warmupSeconds: 2, seconds: 10, rounds: 2, connections: 4, pipelining: 1 };
/** Deciding what every screen plays now must take under this, on one core. */
const RESOLVE_TARGET_MS = 1_000;
/** A schedule preview must answer under this (median). */
const PREVIEW_TARGET_MS = 20;
const BATCH = 2_000;

const round2 = (n: number) => Math.round(n * 100) / 100;

async function run(): Promise<BenchResult> {
  const server = await bootServer();
  try {
    const { db } = server.kernel.containerOf('kernel').cradle as { db: import('knex').Knex };
    const media = server.kernel.containerOf('media').cradle as MediaDeps;
    const playlists = server.kernel.containerOf('playlists').cradle as PlaylistsDeps;
    const player = server.kernel.containerOf('player').cradle as PlayerDeps;
    const owner = await signInOwner(server);

    // The fleet, written in bulk: resolution reads screens, groups and schedules, not credentials.
    const assetIds = await seedAssets(media, 10);
    const playlistIds: string[] = [];
    for (let i = 0; i < PLAYLISTS; i++) playlistIds.push(await seedPlaylist(playlists, `Bench ${i}`, assetIds, 5));
    const groupPlaylist = playlistIds[0];
    if (groupPlaylist === undefined) throw new Error('the benchmark seeds at least one playlist');
    const screenIds: string[] = (
      await db.raw(`INSERT INTO screens (player_installation_id, name) SELECT gen_random_uuid(), 'Bench ' || i FROM generate_series(1, ?) i RETURNING id`, [
        SCREENS,
      ])
    ).rows.map((r: { id: string }) => r.id);
    await db.raw('INSERT INTO screen_status (screen_id) SELECT unnest(?::uuid[])', [screenIds]);
    const groupIds: string[] = (
      await db.raw(
        `INSERT INTO screen_groups (name, content_type, content_id) SELECT 'Group ' || i, 'playlist', ?::uuid FROM generate_series(1, ?) i RETURNING id`,
        [groupPlaylist, GROUPS],
      )
    ).rows.map((r: { id: string }) => r.id);
    await db('screen_group_members').insert(screenIds.map((screen_id, i) => ({ screen_id, group_id: groupIds[i % GROUPS]! })));
    // Weekly schedules across the day, in three zones, each on two groups.
    const zones = ['Europe/Berlin', 'America/New_York', 'UTC'];
    const schedules = Array.from({ length: SCHEDULES }, (_, i) => ({
      name: `Schedule ${i}`,
      content_type: 'playlist',
      content_id: playlistIds[i % PLAYLISTS],
      type: 'weekly',
      timezone: zones[i % zones.length],
      priority: (i % 7) - 3,
      daily_start: `${String(i % 24).padStart(2, '0')}:00`,
      daily_end: `${String((i + 3) % 24).padStart(2, '0')}:30`,
      days_of_week: [0, 1, 2, 3, 4, 5, 6].filter((d) => (i + d) % 3 !== 0),
    }));
    const scheduleIds: string[] = (await db('schedules').insert(schedules).returning('id')).map((r: { id: string }) => r.id);
    await db('schedule_targets').insert(
      scheduleIds.flatMap((id, i) => [
        { schedule_id: id, target_type: 'group', target_id: groupIds[i % GROUPS] },
        { schedule_id: id, target_type: 'group', target_id: groupIds[(i * 7 + 3) % GROUPS] },
      ]),
    );

    // (a) What every screen plays now and why: its sources resolved, each distinct content built
    // once, and the decision taken per screen, as the manifest refresh and the preview do.
    const resolveAll = async () => {
      const at = Date.now();
      const sections = player.manifestSections.all();
      // Screens with the same sources and keys have the same claims: built and claimed once.
      const contents = new Map<string, Promise<ReturnType<typeof claimsOf>>>();
      let decided = 0;
      const memo = new BuildMemo();
      for (let i = 0; i < screenIds.length; i += BATCH) {
        const resolvedOf = await player.contentSources.resolve(screenIds.slice(i, i + BATCH), memo);
        for (const resolved of resolvedOf.values()) {
          const key = resolutionKey(resolved);
          if (!contents.has(key))
            contents.set(
              key,
              build(resolved, memo).then((built) => built.flatMap((b) => (b.content ? claimsOf(sections, b, b.content, at) : []))),
            );
          const decision = decide(await contents.get(key)!, at);
          if (decision.winner) decided++;
        }
      }
      return { decided, distinct: contents.size };
    };
    const build = (resolved: Resolved, memo: BuildMemo) =>
      Promise.all(resolved.map(async ({ source, key }) => ({ rank: source.rank, name: source.name, content: await source.content(key, memo) })));
    await resolveAll(); // warm-up
    const runs: number[] = [];
    let last = { decided: 0, distinct: 0 };
    for (let r = 0; r < 3; r++) {
      const t0 = performance.now();
      last = await resolveAll();
      runs.push(performance.now() - t0);
    }
    if (last.decided !== SCREENS) throw new Error(`decided ${last.decided} of ${SCREENS} screens`);
    const resolveMs = [...runs].sort((a, b) => a - b)[1]!;
    const resolution: Measurement = {
      label: `decide ${SCREENS} screens (${GROUPS} groups, ${SCHEDULES} schedules; ${last.distinct} distinct contents)`,
      rps: 1000 / resolveMs,
      p50Ms: round2(resolveMs),
      p99Ms: round2(Math.max(...runs)),
      requests: runs.length,
    };

    // (b) The preview over HTTP, for screens taking turns, against GET /healthz.
    const headers = { cookie: owner.cookie, 'x-csrf-token': owner.csrfToken, 'content-type': 'application/json' };
    const bodies = screenIds.slice(0, 200).map((screenId) => JSON.stringify({ screenId }));
    const check = await fetch(`${server.url}/api/v1/schedules/preview`, { method: 'POST', headers, body: bodies[0] });
    if (check.status !== 200) throw new Error(`preview answered ${check.status}: ${await check.text()}`);
    const [health, preview] = (await compare(
      [
        { label: 'GET /healthz', url: `${server.url}/healthz` },
        {
          label: 'POST /schedules/preview',
          url: server.url,
          requests: bodies.map((body) => ({ method: 'POST' as const, path: '/api/v1/schedules/preview', headers, body })),
        },
      ],
      LOAD,
    )) as [Measurement, Measurement];

    return {
      setup:
        `${SCREENS} screens in ${GROUPS} groups under ${SCHEDULES} weekly schedules (two groups each, three zones), ${PLAYLISTS} playlists. ` +
        `(a) median of 3 in-process runs deciding every screen (sources resolved in batches of ${BATCH}, distinct contents built once); ` +
        `(b) POST /schedules/preview for 200 screens in turn, ${LOAD.connections} connections, ${LOAD.seconds} s × ${LOAD.rounds} alternating rounds against GET /healthz`,
      measurements: [resolution, health, preview],
      checks: [
        {
          name: `${RESOLVE_TARGET_MS} ms / deciding ${SCREENS} screens`,
          value: RESOLVE_TARGET_MS / resolveMs,
          target: 1,
          pass: resolveMs <= RESOLVE_TARGET_MS,
        },
        {
          name: `${PREVIEW_TARGET_MS} ms / preview p50`,
          value: PREVIEW_TARGET_MS / Math.max(preview.p50Ms, 1),
          target: 1,
          pass: preview.p50Ms <= PREVIEW_TARGET_MS,
        },
        { name: 'preview/healthz req/s', value: preview.rps / health.rps, target: 0, pass: true },
      ],
    };
  } finally {
    await server.stop();
  }
}

export const schedulingBenchmark: Benchmark = { name: 'scheduling', run };
