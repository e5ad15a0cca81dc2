import { createHash } from 'node:crypto';
import type { AssetRow, VariantRow } from '../media/assets.repository.js';
import type { PlaylistView } from '../playlists/playlist-schemas.js';
import type { ManifestPluginEntry } from './manifest-plugins.js';
import { MANIFEST_SCHEMA_VERSION, type ManifestAsset, type ManifestContent, type ManifestItem } from './manifest-schema.js';

export const downloadPath = (assetId: string, variantId: string) => `/api/v1/player/assets/${assetId}/variants/${variantId}`;
const DOWNLOAD_PATH = /^\/api\/v1\/player\/assets\/([0-9a-f-]{36})\/variants\/([0-9a-f-]{36})$/;

/**
 * The files plugin entries need (a brand bug's logo), named by download path among the values of
 * their config. The manifest lists them in `assets` too: players cache and verify what `assets`
 * lists, and a screen may download only that.
 */
export function filesNamedBy(plugins: ManifestPluginEntry[]): { path: string; assetId: string; variantId: string }[] {
  const paths = new Set(plugins.flatMap((p) => Object.values((p.config ?? {}) as Record<string, unknown>)).filter((v): v is string => typeof v === 'string'));
  return [...paths].flatMap((path) => {
    const match = DOWNLOAD_PATH.exec(path);
    return match ? [{ path, assetId: match[1]!, variantId: match[2]! }] : [];
  });
}

// The file a player plays: the playback copy when processing made one, else the original (a ready
// asset without a playback copy is one whose original players can already use).
export function playerVariant(variants: VariantRow[]): VariantRow | undefined {
  const usable = variants.filter((v) => v.player_compatible);
  return usable.find((v) => v.kind === 'playback') ?? usable.find((v) => v.kind === 'original');
}

/**
 * The file a screen is given for an asset: none while the asset is not ready or is archived.
 * Exported so plugins that show media (a brand bug's logo) serve the same file.
 */
export function servedVariant(asset: AssetRow, variants: VariantRow[]): VariantRow | undefined {
  return asset.processing_status === 'ready' && !asset.archived_at ? playerVariant(variants) : undefined;
}

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

export const assetEntry = (a: AssetRow, v: VariantRow): ManifestAsset => ({
  assetId: a.id,
  variantId: v.id,
  mimeType: v.mime_type,
  sha256: v.sha256,
  fileSize: Number(v.file_size),
  width: v.width ?? a.width ?? undefined,
  height: v.height ?? a.height ?? undefined,
  durationSeconds: v.duration_seconds ?? a.duration_seconds ?? undefined,
  downloadPath: downloadPath(a.id, v.id),
  availableFrom: iso(a.available_from),
  expiresAt: iso(a.expires_at),
});

/**
 * Schema 11 knows `none` and `fade`; the Android player refuses a schema 11 manifest with a
 * `crossfade` (schema 14, for players that announce it). Until manifests follow each player's
 * announced capabilities, a crossfade is sent as the fade every player supports, as the
 * reference does for players that have not announced it.
 */
const manifestTransition = (transition: string) => (transition === 'crossfade' ? 'fade' : transition);

/** What every screen's manifest shares, from settings: timing, and the logo when one is set and served. */
export interface ManifestShared {
  prefetchHorizonDays: number;
  activationGraceSeconds: number;
  logo?: ManifestAsset;
}

/**
 * What a screen plays, as the manifest states it. Pure, so it is unit-testable and its hash is
 * stable: items whose asset is not ready (or has no file a player can use) are left out rather
 * than sent for the player to fail on.
 */
export function buildManifestContent(playlist: PlaylistView | undefined, assets: Map<string, { asset: AssetRow; variants: VariantRow[] }>, shared: ManifestShared): ManifestContent {
  const entries = new Map<string, ManifestAsset>();
  const items: ManifestItem[] = [];
  for (const item of playlist?.items ?? []) {
    const found = assets.get(item.assetId);
    const variant = found && servedVariant(found.asset, found.variants);
    if (!found || !variant) continue;
    const entry = entries.get(item.assetId) ?? assetEntry(found.asset, variant);
    entries.set(item.assetId, entry);
    items.push({
      id: item.id,
      assetId: item.assetId,
      variantId: variant.id,
      assetType: found.asset.type,
      durationMs: item.durationMs,
      fitMode: item.fitMode,
      transition: manifestTransition(item.transition),
      audioEnabled: item.audioEnabled,
      volume: item.volume,
      deliveryPolicy: item.deliveryPolicy,
      availableFrom: entry.availableFrom,
      expiresAt: entry.expiresAt,
    });
  }
  const manifestPlaylist = playlist && { id: playlist.id, revision: playlist.revision, name: playlist.name, items };
  const { logo } = shared;
  if (logo && !entries.has(logo.assetId)) entries.set(logo.assetId, logo);
  return {
    mode: 'presentation',
    ...(manifestPlaylist ? { playlist: manifestPlaylist } : {}),
    playlists: manifestPlaylist ? [manifestPlaylist] : [],
    schedules: [],
    assets: [...entries.values()],
    websites: [],
    widgets: [],
    dataSources: [],
    plugins: [],
    layouts: [],
    ...(logo ? { branding: { logoAssetId: logo.assetId, logoVariantId: logo.variantId } } : {}),
    prefetchHorizonDays: shared.prefetchHorizonDays,
    activationGraceSeconds: shared.activationGraceSeconds,
  };
}

// Keys sorted at every level, undefined dropped: the same content always hashes the same, whatever
// order the object was built in.
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export const contentHash = (content: unknown) => createHash('sha256').update(JSON.stringify(canonical(content))).digest('hex');

export const manifestEtag = (screenId: string, version: number) =>
  `"sha256-${createHash('sha256').update(`${screenId}:${version}:${MANIFEST_SCHEMA_VERSION}`).digest('hex')}"`;
