import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { MediaDeps } from '../core-modules/media/media-deps.js';
import type { PlayerDeps } from '../core-modules/player/player-deps.js';
import type { PlaylistsDeps } from '../core-modules/playlists/playlists-deps.js';
import { seedAssets, seedPlaylist } from './content.js';
import { bootServer, enrollFleet, ownerApi } from './fleet.js';
import { awaitManifestChanged, closeAll, openAll, percentile, socketBudget, startSocketClients } from './socket-clients.js';
import type { BenchResult, Benchmark, Measurement } from './support.js';

const PLACEMENTS = 200;
const ROUNDS = 30;
const BASELINE_ITEMS = 10;
/** Publishing the layout and building the manifest of a screen showing it: median under this. */
const PUBLISH_BUILD_TARGET_MS = 30;
const WANTED_SCREENS = 2_000;
const OPEN_CONCURRENCY = 200;
const DELIVERY_TIMEOUT_MS = 60_000;
/** Every screen of the group must hear of a published edit within this (p99). */
const DELIVERY_TARGET_P99_MS = 1_000;

const round2 = (n: number) => Math.round(n * 100) / 100;
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

const shown = (layer: number) => ({ layer, opacity: 1, visible: true, locked: false });

/** A menu board of `PLACEMENTS` placements on a 1920×1080 canvas: a playlist zone, images, text, shapes. */
function boardDocument(imageIds: string[], zonePlaylistId: string, headline: string) {
  const placements: Record<string, unknown>[] = [
    { id: randomUUID(), type: 'playlistZone', name: 'Promotions', x: 0, y: 0, width: 960, height: 540, ...shown(0), playlistId: zonePlaylistId },
    {
      id: randomUUID(),
      type: 'primitive',
      name: 'Headline',
      x: 960,
      y: 0,
      width: 960,
      height: 120,
      ...shown(1),
      primitive: { kind: 'text', text: headline, fontSize: 64, color: '#FFFFFF' },
    },
  ];
  for (let i = placements.length; i < PLACEMENTS; i++) {
    const column = i % 20;
    const row = Math.floor(i / 20);
    const at = { x: column * 96, y: 540 + row * 54, width: 96, height: 54, ...shown(2 + (i % 100)), name: `Cell ${i}` };
    placements.push(
      i % 2 === 0
        ? { id: randomUUID(), type: 'asset', assetId: imageIds[i % imageIds.length], ...at }
        : { id: randomUUID(), type: 'primitive', primitive: { kind: 'text', text: `€${i}.50`, fontSize: 24, color: '#FFD700' }, ...at },
    );
  }
  return {
    schemaVersion: 2,
    canvas: { width: 1920, height: 1080, orientation: 'landscape', backgroundColor: '#000000', safeAreaPercent: 0 },
    placements,
  };
}

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

    const imageIds = await seedAssets(media, 100);
    const zone = await seedPlaylist(playlists, 'Bench zone', imageIds.slice(0, BASELINE_ITEMS), BASELINE_ITEMS);
    const baseline = await seedPlaylist(playlists, 'Bench baseline', imageIds.slice(0, BASELINE_ITEMS), BASELINE_ITEMS);
    const layout = await api('POST', '/layouts', { name: 'Bench board', description: '', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
    let draftRevision: number = layout.draftRevision;
    const saveDraft = async (headline: string) => {
      const saved = await api('PUT', `/layouts/${layout.id}/draft`, {
        expectedDraftRevision: draftRevision,
        document: boardDocument(imageIds, zone, headline),
      });
      draftRevision = saved.draftRevision;
    };
    await saveDraft('Menu');
    await api('POST', `/layouts/${layout.id}/publish`, { expectedDraftRevision: draftRevision });

    const [boardScreen, playlistScreen, ...fleet] = await enrollFleet(server, n + 2);
    await playlists.assignmentsRepository.assign(boardScreen!.screenId, { contentType: 'layout', contentId: layout.id });
    await playlists.assignmentsRepository.assign(playlistScreen!.screenId, { contentType: 'playlist', contentId: baseline });

    // (a) The baseline: building a plain 10-item playlist's manifest; then publishing the board and
    // building the manifest of a screen showing it. Each after discarded warm-up rounds.
    const timed = async (work: () => Promise<unknown>) => {
      const t0 = performance.now();
      await work();
      return performance.now() - t0;
    };
    for (let i = 0; i < 5; i++) await player.manifestService.build(playlistScreen!.screenId);
    const baselineMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) baselineMs.push(await timed(() => player.manifestService.build(playlistScreen!.screenId)));
    const publishBuildMs: number[] = [];
    const buildMs: number[] = [];
    for (let i = 0; i < ROUNDS + 5; i++) {
      await saveDraft(`Menu ${i}`);
      const publish = await timed(() => api('POST', `/layouts/${layout.id}/publish`, { expectedDraftRevision: draftRevision }));
      let placements = 0;
      const build = await timed(async () => {
        const { content } = await player.manifestService.build(boardScreen!.screenId);
        placements = (content.layouts[0]?.document.placements as unknown[] | undefined)?.length ?? 0;
      });
      if (placements !== PLACEMENTS) throw new Error(`the manifest's layout has ${placements} placements, expected ${PLACEMENTS}`);
      if (i < 5) continue;
      publishBuildMs.push(publish + build);
      buildMs.push(build);
    }

    // (b) Every other screen in one group showing the board; a published edit reaches their sockets.
    const group = await api('POST', '/screen-groups', { name: 'Bench boards' });
    await db('screen_group_members').insert(fleet.map((s) => ({ group_id: group.id, screen_id: s.screenId })));
    await api('PUT', `/screen-groups/${group.id}/playlist-assignment`, { layoutId: layout.id });
    for (const s of fleet) await player.manifestService.manifest(s.screenId);
    child = startSocketClients(server);
    await openAll(
      child,
      server,
      fleet.map((s) => s.credential),
      OPEN_CONCURRENCY,
    );
    await saveDraft('Lunch menu');
    const delivered = awaitManifestChanged(child, DELIVERY_TIMEOUT_MS);
    const start = performance.timeOrigin + performance.now();
    await api('POST', `/layouts/${layout.id}/publish`, { expectedDraftRevision: draftRevision });
    const { times, open } = await delivered;
    if (times.length !== fleet.length || open !== fleet.length) {
      throw new Error(`${times.length} of ${fleet.length} sockets (${open} open) heard of the edit within ${DELIVERY_TIMEOUT_MS / 1000} s`);
    }
    const latencies = times.map((t) => t - start).sort((a, b) => a - b);
    await closeAll(child);
    child = undefined;

    const measure = (label: string, values: number[]): Measurement => {
      const sorted = [...values].sort((a, b) => a - b);
      return {
        label,
        rps: 1000 / (values.reduce((a, b) => a + b, 0) / values.length),
        p50Ms: round2(median(values)),
        p99Ms: round2(percentile(sorted, 99)),
        requests: values.length,
      };
    };
    const publishBuild = median(publishBuildMs);
    const p99 = percentile(latencies, 99);
    return {
      setup:
        `(a) ${ROUNDS} rounds after 5 discarded: build a ${BASELINE_ITEMS}-item playlist's manifest (baseline); save the ${PLACEMENTS}-placement board's draft, ` +
        `publish it over HTTP and build the manifest of a screen assigned it (a playlist zone of ${BASELINE_ITEMS} items, 99 images, 100 texts). ` +
        `(b) ${fleet.length} player sockets${fleet.length < WANTED_SCREENS ? ` (of ${WANTED_SCREENS} wanted; fd limit ${limit})` : ''} in one group showing the board; ` +
        'latency from sending the publish of an edited draft to each socket’s manifest.changed',
      measurements: [
        measure(`build ${BASELINE_ITEMS}-item playlist manifest (baseline)`, baselineMs),
        measure(`build manifest of the ${PLACEMENTS}-placement layout`, buildMs),
        measure('publish + build', publishBuildMs),
        {
          label: `manifest.changed to ${fleet.length} group members`,
          rps: fleet.length / (latencies.at(-1)! / 1000),
          p50Ms: round2(percentile(latencies, 50)),
          p99Ms: round2(p99),
          requests: fleet.length,
        },
      ],
      checks: [
        {
          name: `${PUBLISH_BUILD_TARGET_MS} ms / median publish + build`,
          value: PUBLISH_BUILD_TARGET_MS / publishBuild,
          target: 1,
          pass: publishBuild <= PUBLISH_BUILD_TARGET_MS,
        },
        { name: 'baseline build / publish + build (median)', value: median(baselineMs) / publishBuild, target: 0, pass: true },
        { name: `${DELIVERY_TARGET_P99_MS} ms / p99 delivery`, value: DELIVERY_TARGET_P99_MS / p99, target: 1, pass: p99 <= DELIVERY_TARGET_P99_MS },
      ],
    };
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await server.stop();
  }
}

export const layoutsBenchmark: Benchmark = { name: 'layouts', run };
