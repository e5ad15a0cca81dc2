import type { Manifest, ManifestAsset, ManifestItem, ManifestLayout, ManifestPlaylist, ManifestSchedule } from '../../browser-player/src/wire/manifest.js';

// Manifests as the server shapes them, for the pure playback rules: only the fields a case needs vary.

let counter = 0;
/** A UUID-shaped id that names what it is, so a failing assertion reads well. */
export const uuid = (tag: string) => `${tag.padEnd(8, '0').slice(0, 8)}-0000-4000-8000-${String(++counter).padStart(12, '0')}`;

export function asset(over: Partial<ManifestAsset> = {}): ManifestAsset {
  const assetId = over.assetId ?? uuid('asset');
  const variantId = over.variantId ?? uuid('variant');
  return {
    assetId,
    variantId,
    mimeType: 'image/jpeg',
    sha256: 'a'.repeat(64),
    fileSize: 1000,
    downloadPath: `/api/v1/player/assets/${assetId}/variants/${variantId}`,
    ...over,
  };
}

export function item(file: ManifestAsset, over: Partial<ManifestItem> = {}): ManifestItem {
  return {
    id: uuid('item'),
    assetId: file.assetId,
    variantId: file.variantId,
    assetType: file.mimeType.startsWith('video/') ? 'video' : 'image',
    durationMs: 8000,
    fitMode: 'cover',
    transition: 'fade',
    audioEnabled: true,
    volume: 0.8,
    deliveryPolicy: 'download',
    ...over,
  };
}

export function playlist(name: string, items: ManifestItem[] = []): ManifestPlaylist {
  return { id: uuid(name), revision: 1, name, items };
}

export function layout(name: string): ManifestLayout {
  return {
    id: uuid(name),
    revisionId: uuid('revision'),
    revision: 1,
    documentSha256: 'b'.repeat(64),
    document: {
      schemaVersion: 2,
      canvas: { width: 1920, height: 1080, orientation: 'landscape', backgroundColor: '#000000', safeAreaPercent: 5 },
      placements: [],
    },
  };
}

export function weekly(target: { playlistId?: string; layoutId?: string }, over: Partial<ManifestSchedule> = {}): ManifestSchedule {
  return {
    id: uuid('schedule'),
    ...target,
    type: 'weekly',
    timezone: 'UTC',
    priority: 0,
    specificity: 1,
    dailyStart: '09:00',
    dailyEnd: '17:00',
    daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    ...over,
  };
}

export function oneTime(
  target: { playlistId?: string; layoutId?: string },
  start: string,
  end: string,
  over: Partial<ManifestSchedule> = {},
): ManifestSchedule {
  return { id: uuid('schedule'), ...target, type: 'one_time', timezone: 'UTC', priority: 0, specificity: 1, oneTimeStart: start, oneTimeEnd: end, ...over };
}

export function manifest(over: Partial<Manifest> = {}): Manifest {
  return {
    schemaVersion: 13,
    manifestVersion: 1,
    screenId: uuid('screen'),
    generatedAt: '2026-11-30T00:00:00.000Z',
    serverTime: '2026-11-30T00:00:00.000Z',
    mode: 'presentation',
    playlists: [],
    layouts: [],
    schedules: [],
    assets: [],
    websites: [],
    widgets: [],
    dataSources: [],
    plugins: [],
    prefetchHorizonDays: 7,
    activationGraceSeconds: 30,
    ...over,
  };
}

export const at = (iso: string) => Date.parse(iso);
