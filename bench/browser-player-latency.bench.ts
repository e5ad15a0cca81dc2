import { percentile } from './console.bench.js';
import { enrollFleet } from './fleet.js';
import { publishPictures, seedPictures, startBenchPlayer } from './browser-player-rig.js';
import type { BenchResult, Benchmark, Measurement } from './support.js';
import type { PlayerDevice } from '../test/support/browser-player.js';
import { openPlayerSocket } from '../test/support/player-client.js';

/** From the change to the new item on screen, its file already cached. */
const TARGET_MS = 1000;
const ROUNDS = 12;
/** Longer than a round: a new item that appears comes from the change, never from the playlist moving on by itself. */
const ITEM_MS = 10 * 60_000;
const DAY = 86_400_000;

const row = (label: string, values: number[]): Measurement => ({
  label,
  rps: 0,
  p50Ms: Math.round(percentile(values, 50)),
  p99Ms: Math.round(Math.max(...values)),
  requests: values.length,
});

/** Waits until the page's Cache Storage holds a file of each of these assets (kept under their download paths). */
async function cachedFiles(device: PlayerDevice, assetIds: string[]): Promise<void> {
  for (const deadline = Date.now() + 60_000; ; ) {
    const urls = await device.page.evaluate(async () => {
      const all: string[] = [];
      for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) all.push(r.url);
      return all;
    });
    if (assetIds.every((id) => urls.some((u) => u.includes(`/assets/${id}/`)))) return;
    if (Date.now() > deadline) throw new Error('the player did not cache both pictures within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * A playlist edit published while a browser player shows that playlist: how long until the edited
 * item is on its screen. Baseline: the same publication's `manifest.changed` reaching a bare socket
 * client of another screen on the same playlist (the server's share of the time).
 */
async function run(): Promise<BenchResult> {
  const rig = await startBenchPlayer();
  try {
    const { api, device, server } = rig;
    const pictures = await seedPictures(server, 2);
    // Both pictures stay in every manifest through a schedule three days ahead, so the player has both files before any edit.
    const kept = await publishPictures(api, 'Kept in the cache', pictures, 10_000);
    const edited = await publishPictures(api, 'Edited', [pictures[0]!], ITEM_MS);
    const [bare] = await enrollFleet(server, 1);
    for (const screenId of [rig.screenId, bare!.screenId]) {
      await api('PUT', `/screens/${screenId}/playlist-assignment`, { playlistId: edited.id });
      await api('POST', '/schedules', {
        name: `Later ${screenId.slice(0, 8)}`,
        playlistId: kept.id,
        type: 'one_time',
        timezone: 'UTC',
        oneTimeStart: new Date(Date.now() + 3 * DAY).toISOString(),
        oneTimeEnd: new Date(Date.now() + 3 * DAY + 3_600_000).toISOString(),
        targets: [{ type: 'screen', id: screenId }],
      });
    }
    await device.waitForShow(edited.itemIds[0]!, { timeoutMs: 60_000 });
    await cachedFiles(device, pictures);
    const target = { url: server.url, request: (path: string, init?: RequestInit) => fetch(server.url + path, init) };
    const socket = await openPlayerSocket(target, bare!.credential);
    await socket.next('server.hello');
    socket.send({ type: 'player.hello', protocolVersion: 1 });
    socket.ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'server.ping') socket.send({ type: 'player.pong', timestamp: new Date().toISOString() });
    });

    const toSocket: number[] = [];
    const toScreen: number[] = [];
    let itemId = edited.itemIds[0]!;
    for (let round = 1; round <= ROUNDS; round++) {
      await api('DELETE', `/playlists/${edited.id}/items/${itemId}`);
      const draft = await api('POST', `/playlists/${edited.id}/items`, { assetId: pictures[round % 2]!, durationMs: ITEM_MS });
      itemId = draft.items[0].id;
      const shows = device.shows.length;
      let socketAt = 0;
      const heard = new Promise<void>((resolve) => {
        const listener = (data: unknown) => {
          if (JSON.parse(String(data)).type !== 'manifest.changed') return;
          socketAt = Date.now();
          socket.ws.off('message', listener);
          resolve();
        };
        socket.ws.on('message', listener);
      });
      const started = Date.now();
      await api('POST', `/playlists/${edited.id}/publish`, { expectedDraftRevision: draft.draftRevision });
      const [shown] = await Promise.all([device.waitForShow(itemId, { from: shows, timeoutMs: 60_000 }), heard]);
      toScreen.push(device.shows[shown]!.at - started);
      toSocket.push(socketAt - started);
    }
    socket.ws.close();
    if (rig.problems.length) throw new Error(`the player had problems: ${rig.problems.join('; ')}`);

    const median = percentile(toScreen, 50);
    const baseline = percentile(toSocket, 50);
    return {
      setup:
        `${ROUNDS} playlist edits published while a browser player (Chromium ${rig.browser.version()}, 1920×1080) shows the playlist, ` +
        'the edited item’s file already cached; ms from the publish request, p50 column the median, p99 column the worst',
      measurements: [
        row('manifest.changed at a bare socket client (baseline)', toSocket),
        row(`new item on the browser player’s screen (${(median / Math.max(baseline, 1)).toFixed(1)}x the baseline)`, toScreen),
      ],
      checks: [{ name: 'new item on screen within 1 s (median)', value: TARGET_MS / median, target: 1, pass: median <= TARGET_MS }],
    };
  } finally {
    await rig.stop();
  }
}

export const browserPlayerLatencyBenchmark: Benchmark = { name: 'browser-player-latency', run };
