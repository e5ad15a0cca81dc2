import { createHash } from 'node:crypto';
import type { ServedFile } from '../media/media.api.js';
import type { SourceContent } from './content-sources.js';
import type { ManifestPluginEntry } from './manifest-plugins.js';
import type { ManifestAsset, ManifestContent } from './manifest-schema.js';
import type { ManifestSection, SectionName } from './manifest-sections.js';
import { BASE_SCHEMA, SCHEMA_VERSIONS, type PlayerProfile } from './player-profiles.js';

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

/** What every screen's manifest shares, from settings: timing, and the logo when one is set and served. */
export interface ManifestShared {
  prefetchHorizonDays: number;
  activationGraceSeconds: number;
  logo?: ManifestAsset;
}

type Sections = ManifestSection<SectionName>[];
const given = (c: SourceContent, name: SectionName) => (c as Record<string, unknown>)[name];
const entryKey = (e: unknown) => {
  const { id, assetId } = (e ?? {}) as { id?: unknown; assetId?: unknown };
  return typeof id === 'string' ? id : typeof assetId === 'string' ? assetId : undefined;
};

/**
 * A screen's manifest content from what its sources give, highest rank first: each section merged
 * by its own rule (see `MergeRule`), each file listed once. The one precedence rule of the server;
 * pure, so it is unit-testable and its hash is stable.
 */
export function assembleManifestContent(contents: SourceContent[], sections: Sections, shared: ManifestShared): ManifestContent {
  const merged: Record<string, unknown> = {};
  const shadowed = new Set<SourceContent>();
  for (const section of sections) {
    const givers = contents.filter((c) => given(c, section.name) !== undefined);
    if (section.merge === 'list') {
      const seen = new Set<string>();
      merged[section.name] = givers.flatMap((c) =>
        (given(c, section.name) as unknown[]).filter((e) => {
          const key = entryKey(e);
          if (key === undefined) return true;
          if (seen.has(key)) return false;
          seen.add(key);
          return true;
        }),
      );
    } else if (givers[0]) {
      merged[section.name] = given(givers[0], section.name);
      if (section.merge === 'fallback') for (const c of givers.slice(1)) shadowed.add(c);
    }
  }
  // A shadowed source's content can never play: its files are not sent, unless that source also
  // lists playlists it may switch to (a schedule's).
  const sending = contents.filter((c) => !shadowed.has(c) || c.playlists?.length);
  const files = new Map<string, ManifestAsset>();
  for (const file of sending.flatMap((c) => c.files)) if (!files.has(file.assetId)) files.set(file.assetId, manifestFile(file));
  const { logo } = shared;
  if (logo && !files.has(logo.assetId)) files.set(logo.assetId, logo);
  const content = {
    mode: 'presentation',
    ...merged,
    assets: [...files.values()],
    plugins: [],
    ...(logo ? { branding: { logoAssetId: logo.assetId, logoVariantId: logo.variantId } } : {}),
    prefetchHorizonDays: shared.prefetchHorizonDays,
    activationGraceSeconds: shared.activationGraceSeconds,
    // Every list section is among `merged`; which ones exist is known at boot, not to the compiler.
  } as unknown as ManifestContent;
  return withFallback(content);
}

/**
 * The fallback also goes by the name the players give it after schedules, and is first among the
 * playlists the screen may switch to.
 */
function withFallback(content: ManifestContent): ManifestContent {
  const { playlist } = content;
  if (!playlist) return content;
  const playlists = content.playlists ?? [];
  return { ...content, directFallbackPlaylist: playlist, playlists: [playlist, ...playlists.filter((p) => p.id !== playlist.id)] };
}

/**
 * What this player is sent of the content: sections newer than its schema are left out, and each
 * section gives what that player reads of it (a crossfade as a fade, a data source's records as
 * that schema carries them).
 */
export function contentFor(content: ManifestContent, sections: Sections, player: PlayerProfile): ManifestContent {
  const result: Record<string, unknown> = { ...content };
  for (const section of sections) {
    const value = result[section.name];
    if (value === undefined) continue;
    const shown = (section.since ?? BASE_SCHEMA) > player.schema ? undefined : section.forPlayer ? section.forPlayer(value as never, player) : value;
    if (shown === undefined) delete result[section.name];
    else result[section.name] = shown;
  }
  if (result.playlist) result.directFallbackPlaylist = result.playlist;
  return result as unknown as ManifestContent;
}

/**
 * The hash a screen's version counts: of the content as built for a schema. The builder lays the
 * content out the same way for the same inputs, so the JSON text itself is hashed (no sorted copy:
 * every build of a 500-item manifest hashes it). The fallback's repeats (`directFallbackPlaylist`,
 * first of `playlists`; see `withFallback`) are left out: they follow from `playlist`, and are two
 * thirds of a big manifest's text.
 */
export function contentHash(schema: number, content: ManifestContent): string {
  const { directFallbackPlaylist, playlists, ...rest } = content;
  const { playlist } = content;
  const hashed = {
    schema,
    ...rest,
    ...(directFallbackPlaylist !== playlist ? { directFallbackPlaylist } : {}),
    playlists: playlist && playlists?.[0] === playlist ? playlists.slice(1) : playlists,
  };
  return createHash('sha256').update(JSON.stringify(hashed)).digest('hex');
}

/**
 * The manifest's ETag, by the reference's rule for the schema it is served in (a version is only
 * ever served in one schema: the schema is part of the content the version counts).
 */
export const manifestEtag = (screenId: string, version: number, schema: number) =>
  schema <= 12
    ? `"manifest-${createHash('sha256').update(`${screenId}:${version}`).digest('hex')}"`
    : `"sha256-${createHash('sha256').update(`${screenId}:${version}:${schema}`).digest('hex')}"`;

/**
 * Whether `etag` names this version of the screen's manifest, in whichever schema it was served:
 * revalidation knows the version, not the schema it was built in.
 */
export function namesVersion(etag: string, screenId: string, version: number): boolean {
  if (etag.startsWith('"manifest-')) return etag === manifestEtag(screenId, version, BASE_SCHEMA);
  if (!etag.startsWith('"sha256-')) return false;
  return SCHEMA_VERSIONS.some((schema) => schema > 12 && etag === manifestEtag(screenId, version, schema));
}
