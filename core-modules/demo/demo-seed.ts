import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MediaTools } from '../../kernel/media-tools.js';
import type { DemoApiClient } from './demo-api-client.js';
import { DEMO_OWNER } from './demo-credentials.js';
import { demoClip, demoPicture, type SampleFile } from './demo-samples.js';
import type { SimulatedScreen } from './simulated-screens.js';

const ASSET_WAIT_MS = 180_000;
const SCREEN_NAMES = ['Lobby', 'Café counter', 'Meeting room', 'Entrance', 'Break room'];

/** Uploads a file as the console does (create, one PATCH, complete) and waits until it is processed. */
async function upload(api: DemoApiClient, file: SampleFile, signal: AbortSignal): Promise<string> {
  const created = await api.console('POST', '/api/v1/uploads', { filename: file.filename, mimeType: file.mimeType, sizeBytes: file.bytes.length });
  await api.uploadBytes(created.id, 0, file.bytes);
  const asset = await api.console('POST', `/api/v1/uploads/${created.id}/complete`);
  const deadline = Date.now() + ASSET_WAIT_MS;
  for (;;) {
    const { processingStatus } = await api.console('GET', `/api/v1/assets/${asset.id}`);
    if (processingStatus === 'ready') return asset.id;
    if (processingStatus === 'failed' || Date.now() > deadline) throw new Error(`the demo file ${file.filename} was not processed (${processingStatus})`);
    await sleep(250, undefined, { signal });
  }
}

async function playlist(api: DemoApiClient, name: string, description: string, items: { assetId: string; durationMs: number }[]): Promise<string> {
  const { id } = await api.console('POST', '/api/v1/playlists', { name, description });
  for (const item of items) await api.console('POST', `/api/v1/playlists/${id}/items`, item);
  const { draftRevision } = await api.console('GET', `/api/v1/playlists/${id}`);
  await api.console('POST', `/api/v1/playlists/${id}/publish`, { expectedDraftRevision: draftRevision });
  return id;
}

const zone = (over: Record<string, unknown>) => ({ id: randomUUID(), layer: 1, opacity: 1, visible: true, locked: false, ...over });

async function layout(api: DemoApiClient, background: string, playlistId: string, clip: string): Promise<string> {
  const created = await api.console('POST', '/api/v1/layouts', { name: 'Welcome board', orientation: 'landscape', canvasWidth: 1920, canvasHeight: 1080 });
  const document = {
    ...created.draft,
    canvas: { ...created.draft.canvas, backgroundAssetId: background },
    placements: [
      zone({ type: 'playlistZone', name: 'Announcements', playlistId, x: 80, y: 120, width: 1040, height: 585, playback: { muted: true } }),
      zone({ type: 'asset', name: 'Clip', assetId: clip, x: 1180, y: 120, width: 660, height: 371, playback: { muted: true, loop: true } }),
      zone({ type: 'primitive', name: 'Footer', x: 80, y: 860, width: 1760, height: 140, primitive: { kind: 'rectangle', fillColor: '#0E141B' } }),
    ],
  };
  const saved = await api.console('PUT', `/api/v1/layouts/${created.id}/draft`, { expectedDraftRevision: created.draftRevision, document });
  await api.console('POST', `/api/v1/layouts/${created.id}/publish`, { expectedDraftRevision: saved.draftRevision });
  return created.id;
}

/** A stock player's pairing: it asks for a code, the owner approves it by name, the player claims and enrolls. */
async function pair(api: DemoApiClient, name: string, index: number): Promise<SimulatedScreen> {
  const { installationId } = await api.anonymous('GET', '/api/v1/system/identity');
  const metadata = {
    playerInstallationId: randomUUID(),
    platform: 'linux',
    manufacturer: 'Demo',
    model: 'simulated player',
    androidVersion: 'demo',
    playerVersion: '1.4.2',
    screenWidth: 1920,
    screenHeight: 1080,
    density: 1,
    locale: 'en_US',
    timezone: 'UTC',
  };
  const session = await api.anonymous('POST', '/api/v1/player/pairing-sessions', { installationId, metadata });
  await api.console('POST', `/api/v1/screens/pairing/${session.id}/approve`, { name });
  const claimed = await api.anonymous('GET', `/api/v1/player/pairing-sessions/${session.id}`, undefined, { authorization: `Pairing ${session.pollSecret}` });
  const enrolled = await api.anonymous('POST', '/api/v1/player/enroll', { pairingSessionId: session.id, enrollmentToken: claimed.enrollmentToken });
  return { screenId: enrolled.screenId, credential: enrolled.deviceCredential, index };
}

/**
 * Builds the demo organization through the console and player API, as people and players would:
 * the owner, pictures and a clip, three playlists, a layout, a weekly schedule and paired screens.
 * Signs the owner out at the end so no seeding session is kept.
 */
export async function seedDemo(api: DemoApiClient, tools: MediaTools, signal: AbortSignal): Promise<SimulatedScreen[]> {
  await api.console('POST', '/api/v1/auth/setup', DEMO_OWNER);
  const coffee = await upload(api, await demoPicture('coffee'), signal);
  const sale = await upload(api, await demoPicture('sale'), signal);
  const welcome = await upload(api, await demoPicture('welcome'), signal);
  const hours = await upload(api, await demoPicture('hours'), signal);
  const clip = await upload(api, await demoClip(tools, signal), signal);
  const lobby = await playlist(api, 'Lobby loop', 'Greets visitors', [
    { assetId: welcome, durationMs: 8000 },
    { assetId: clip, durationMs: 6000 },
    { assetId: hours, durationMs: 8000 },
  ]);
  const cafe = await playlist(api, 'Café specials', 'For the counter', [
    { assetId: coffee, durationMs: 7000 },
    { assetId: sale, durationMs: 7000 },
  ]);
  const promotions = await playlist(api, 'Lunchtime promotions', 'Weekdays at noon', [
    { assetId: sale, durationMs: 6000 },
    { assetId: coffee, durationMs: 6000 },
  ]);
  const board = await layout(api, hours, cafe, clip);

  const screens: SimulatedScreen[] = [];
  for (const [i, name] of SCREEN_NAMES.entries()) screens.push(await pair(api, name, i));
  const content = [{ layoutId: board }, { playlistId: cafe }, { playlistId: lobby }, { playlistId: lobby }, { playlistId: cafe }];
  for (const [i, s] of screens.entries()) await api.console('PUT', `/api/v1/screens/${s.screenId}/playlist-assignment`, content[i]);
  await api.console('POST', '/api/v1/schedules', {
    name: 'Lunchtime promotions',
    playlistId: promotions,
    type: 'weekly',
    timezone: 'UTC',
    dailyStart: '11:30',
    dailyEnd: '14:00',
    daysOfWeek: [1, 2, 3, 4, 5],
    targets: screens.filter((s) => s.index === 1 || s.index === 4).map((s) => ({ type: 'screen', id: s.screenId })),
  });
  await api.console('POST', '/api/v1/auth/logout');
  return screens;
}
