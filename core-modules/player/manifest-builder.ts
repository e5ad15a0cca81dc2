import { createHash } from 'node:crypto';
import { canonicalHash } from '../../kernel/canonical-json.js';
import type { ServedFile } from '../media/media.api.js';
import type { SourceContent } from './content-sources.js';
import type { ManifestPluginEntry } from './manifest-plugins.js';
import { MANIFEST_SCHEMA_VERSION, type ManifestAsset, type ManifestContent, type ManifestPlaylist } from './manifest-schema.js';

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

/** How the manifest lists a file: as media serves it, with the path the player downloads it from. */
export const manifestFile = (f: ServedFile): ManifestAsset => ({
  assetId: f.assetId,
  variantId: f.variantId,
  mimeType: f.mimeType,
  sha256: f.sha256,
  fileSize: f.fileSize,
  width: f.width,
  height: f.height,
  durationSeconds: f.durationSeconds,
  downloadPath: downloadPath(f.assetId, f.variantId),
  availableFrom: f.availableFrom,
  expiresAt: f.expiresAt,
});

/**
 * Schema 11 knows `none` and `fade`; the Android player refuses a schema 11 manifest with a
 * `crossfade` (schema 14, for players that announce it). Until manifests follow each player's
 * announced capabilities, a crossfade is sent as the fade every player supports, as the
 * reference does for players that have not announced it.
 */
const forSchema11 = (playlist: ManifestPlaylist): ManifestPlaylist => ({
  ...playlist,
  items: playlist.items.map((item) => (item.transition === 'crossfade' ? { ...item, transition: 'fade' } : item)),
});

/** What every screen's manifest shares, from settings: timing, and the logo when one is set and served. */
export interface ManifestShared {
  prefetchHorizonDays: number;
  activationGraceSeconds: number;
  logo?: ManifestAsset;
}

const LISTS = ['schedules', 'layouts', 'websites', 'widgets', 'dataSources'] as const;
const SINGLES = ['syncGroup', 'canvas', 'viewport'] as const;

/**
 * A screen's manifest content from what its sources give, highest rank first (the precedence rule
 * of `ContentSources`): the first playlist is the one it plays, list sections gather every
 * source's, and each file is listed once. Pure, so it is unit-testable and its hash is stable.
 */
export function assembleManifestContent(contents: SourceContent[], shared: ManifestShared): ManifestContent {
  const fallbackSource = contents.find((c) => c.playlist);
  const fallback = fallbackSource?.playlist;
  // A lower source's playlist can never play: neither it nor its files are sent, unless that source
  // also names something that may play (a schedule's playlists).
  const sending = contents.filter((c) => !c.playlist || c === fallbackSource || c.playlists?.length);
  const files = new Map<string, ManifestAsset>();
  for (const file of sending.flatMap((c) => c.files)) if (!files.has(file.assetId)) files.set(file.assetId, manifestFile(file));
  const { logo } = shared;
  if (logo && !files.has(logo.assetId)) files.set(logo.assetId, logo);
  // The fallback and what schedules may switch to.
  const playlists = [...(fallback ? [fallback] : []), ...contents.flatMap((c) => c.playlists ?? [])].map(forSchema11);
  const lists = Object.fromEntries(LISTS.map((section) => [section, contents.flatMap((c) => c[section] ?? [])])) as Pick<
    ManifestContent,
    (typeof LISTS)[number]
  >;
  return {
    mode: 'presentation',
    ...(fallback ? { playlist: forSchema11(fallback), directFallbackPlaylist: forSchema11(fallback) } : {}),
    playlists: playlists.filter((p, i) => playlists.findIndex((q) => q.id === p.id) === i),
    ...lists,
    assets: [...files.values()],
    plugins: [],
    ...(logo ? { branding: { logoAssetId: logo.assetId, logoVariantId: logo.variantId } } : {}),
    prefetchHorizonDays: shared.prefetchHorizonDays,
    activationGraceSeconds: shared.activationGraceSeconds,
    // One value each, from the highest-ranked source that states it.
    ...Object.fromEntries(
      SINGLES.flatMap((section) =>
        contents
          .filter((c) => c[section])
          .slice(0, 1)
          .map((c) => [section, c[section]]),
      ),
    ),
  };
}

export const contentHash = canonicalHash;

export const manifestEtag = (screenId: string, version: number) =>
  `"sha256-${createHash('sha256').update(`${screenId}:${version}:${MANIFEST_SCHEMA_VERSION}`).digest('hex')}"`;
