import { BuildMemo, resolutionKey, type Resolved, type SourceContent } from './content-sources.js';
import { assembleManifestContent, contentFor, contentHash, filesNamedBy, manifestFile, type ManifestShared } from './manifest-builder.js';
import type { ManifestPluginEntry } from './manifest-plugins.js';
import type { Manifest, ManifestAsset, ManifestContent } from './manifest-schema.js';
import { profileKey, profileOf, type PlayerProfile } from './player-profiles.js';
import { ManifestVersions } from './manifest-versions.js';
import { ACTIVATION_GRACE_KEY, LOGO_KEY, PREFETCH_DAYS_KEY } from './player-settings.js';
import type { PlayerSourcesDeps } from './player-sources-deps.js';

type Deps = Pick<
  PlayerSourcesDeps,
  | 'logger'
  | 'hub'
  | 'mediaLibrary'
  | 'contentSources'
  | 'playerMessages'
  | 'db'
  | 'playerStateRepository'
  | 'manifestPlugins'
  | 'manifestSections'
  | 'screensService'
  | 'settingsService'
>;

/** Files named by plugin entries, looked up once per refresh however many screens name them. */
type FileLookups = Map<string, Promise<ManifestAsset | undefined>>;

/** A screen's content as built for its player, its hash, and the version recorded for it when known. */
export interface BuiltContent {
  content: ManifestContent;
  /** The manifest schema it was built in (part of the hash: a version is served in one schema). */
  schema: number;
  /** The player profile it was built for (`profileKey`). */
  profile: string;
  hash: string;
  version?: number;
}

/** Content as built for a player profile, with the hash its version counts (schema included). */
function builtFor(content: ManifestContent, profile: PlayerProfile): BuiltContent {
  return { content, schema: profile.schema, profile: profileKey(profile), hash: contentHash(profile.schema, content) };
}

// What was built is reused this long: the fetches and downloads after a change come within
// seconds. Past it, a build sees changes that no event announced.
const BUILT_TTL_MS = 60_000;
const MAX_BUILT = 100_000;

/**
 * Contents built lately, per screen (screens with the same content share one object). A build
 * that began before a screen's entry was dropped (a change committed while it read) is not kept:
 * it may hold what the change replaced.
 */
class RecentlyBuilt {
  private readonly entries = new Map<string, BuiltContent & { at: number }>();
  /** Per screen, when (in drops counted) its entry was last dropped. */
  private readonly dropped = new Map<string, number>();
  private drops = 0;
  /** Builds begun before this are not kept (the drop record was cleared). */
  private floor = 0;

  get(screenId: string, now = Date.now()): BuiltContent | undefined {
    const entry = this.entries.get(screenId);
    return entry && now - entry.at < BUILT_TTL_MS ? entry : undefined;
  }

  /** Taken before a build reads anything; `set` gets it back. */
  mark(): number {
    return this.drops;
  }

  delete(screenId: string): void {
    this.entries.delete(screenId);
    if (this.dropped.size >= MAX_BUILT) {
      this.dropped.clear();
      this.floor = this.drops + 1;
    }
    this.dropped.set(screenId, ++this.drops);
  }

  set(screenId: string, built: BuiltContent, since: number): void {
    if (since < this.floor || (this.dropped.get(screenId) ?? 0) > since) return;
    if (this.entries.size >= MAX_BUILT) this.entries.clear();
    this.entries.delete(screenId);
    this.entries.set(screenId, { ...built, at: Date.now() });
  }
}

// Screens refreshed per statement: bounds the statement and the rows it locks, and lets the
// first screens hear of a change while later ones are still being recorded.
const REFRESH_BATCH = 2_000;

/**
 * Builds a screen's manifest and keeps its version honest: the version is the count of distinct
 * contents the screen has been given, so it moves only when what the screen plays changes.
 */
export class ManifestService {
  private readonly versions: ManifestVersions;
  /** Each screen's content as last built here, for up to a minute. */
  private readonly built = new RecentlyBuilt();

  constructor(private readonly d: Deps) {
    this.versions = new ManifestVersions(d);
  }

  /**
   * What the screen plays now, without touching its version (downloads check against this): as
   * built in the last minute, else built now.
   */
  async content(screenId: string): Promise<ManifestContent> {
    return (this.built.get(screenId) ?? (await this.build(screenId))).content;
  }

  /** The profile each screen's manifest is built for, from what its player last reported. */
  private async profiles(screenIds: string[]): Promise<Map<string, PlayerProfile>> {
    const facts = await this.d.screensService.playersOf(screenIds);
    return new Map(screenIds.map((id) => [id, profileOf(facts.get(id))]));
  }

  /**
   * Also records the content: a change no event announced still moves the version on the next
   * fetch, so the version always matches what is served. The fetches that follow a change (every
   * screen it reached, at once) are answered with what the refresh built and recorded for that very
   * version, without building it again.
   */
  async manifest(screenId: string): Promise<Manifest> {
    const since = this.built.mark();
    const [stored, profiles] = await Promise.all([this.versions.current(screenId), this.profiles([screenId])]);
    const profile = profiles.get(screenId)!;
    const recent = this.built.get(screenId);
    let served: { content: ManifestContent; schema: number; version: number };
    // What the refresh built is served while the player reports as it did then.
    if (recent && recent.version === stored && recent.profile === profileKey(profile)) served = { ...recent, version: stored };
    else {
      const { content, hash, schema } = await this.build(screenId, profile);
      const { version, bumped } = await this.d.playerStateRepository.record('manifest', screenId, hash);
      if (bumped) await this.announce([{ screenId, version }]);
      this.built.set(screenId, { content, schema, profile: profileKey(profile), hash, version }, since);
      served = { content, schema, version };
    }
    const now = new Date().toISOString();
    return { schemaVersion: served.schema, manifestVersion: served.version, screenId, generatedAt: now, serverTime: now, ...served.content };
  }

  /** Builds the screen's content now, never from the recent copy (which it replaces). */
  async build(screenId: string, known?: PlayerProfile): Promise<BuiltContent> {
    const since = this.built.mark();
    const memo = new BuildMemo();
    const [resolved, pluginsOf, shared, profiles] = await Promise.all([
      this.d.contentSources.resolve([screenId], memo),
      this.d.manifestPlugins.entriesFor([screenId]),
      this.shared(),
      known ? new Map([[screenId, known]]) : this.profiles([screenId]),
    ]);
    const profile = profiles.get(screenId)!;
    const plugins = pluginsOf.get(screenId) ?? [];
    const content = await this.withPlugins(await this.sourcesContent(resolved.get(screenId) ?? [], shared, memo, profile), plugins, new Map());
    const built = builtFor(content, profile);
    this.built.set(screenId, built, since);
    return built;
  }

  /** The stored version (0 before the first manifest), for cheap revalidation: usually from memory. */
  currentVersion(screenId: string): Promise<number> {
    return this.versions.current(screenId);
  }

  /** A change to these screens' content committed: what was built before it is not served again. */
  forget(screenIds: string[]): void {
    for (const screenId of screenIds) this.built.delete(screenId);
  }

  /** Recomputes after a change and tells the screen when its version moved. */
  refresh(screenId: string): Promise<void> {
    return this.refreshMany([screenId]);
  }

  /**
   * `refresh` for many screens (a playlist on a whole fleet): screens that resolve to the same
   * sources and keys get the same content, so it is built once per resolution; the versions are
   * recorded in one statement per batch and the screens whose version moved are told in one
   * batched publication.
   */
  async refreshMany(screenIds: string[]): Promise<void> {
    const since = this.built.mark();
    const unique = [...new Set(screenIds)];
    const contentOf = new Map<string, Promise<BuiltContent>>();
    const memo = new BuildMemo();
    const files: FileLookups = new Map();
    const shared = await this.shared();
    for (let i = 0; i < unique.length; i += REFRESH_BATCH) {
      const batch = unique.slice(i, i + REFRESH_BATCH);
      const [resolvedOf, pluginsOf, profiles] = await Promise.all([
        this.d.contentSources.resolve(batch, memo),
        this.d.manifestPlugins.entriesFor(batch),
        this.profiles(batch),
      ]);
      const hashes = new Map<string, string>();
      const builtOf = new Map<string, BuiltContent>();
      for (const screenId of batch) {
        const resolved = resolvedOf.get(screenId) ?? [];
        const profile = profiles.get(screenId)!;
        // Screens whose players report alike and whose sources give alike get one build.
        const key = `${profileKey(profile)}|${resolutionKey(resolved)}`;
        if (!contentOf.has(key))
          contentOf.set(
            key,
            this.sourcesContent(resolved, shared, memo, profile).then((content) => builtFor(content, profile)),
          );
        const sources = await contentOf.get(key)!;
        // Plugin entries are per screen: only a screen without any shares its sources' content.
        const plugins = pluginsOf.get(screenId) ?? [];
        const built = plugins.length ? builtFor(await this.withPlugins(sources.content, plugins, files), profile) : sources;
        hashes.set(screenId, built.hash);
        builtOf.set(screenId, built);
      }
      // The version-recording transaction: new versions, their pushes and their announcement to
      // other processes commit together, so a version never moves unannounced (a process killed
      // before the commit leaves the old version, and the next refresh moves it and tells).
      const bumped = await this.d.db.transaction(async (trx) => {
        const moved = await this.d.playerStateRepository.recordMany('manifest', hashes, trx);
        await this.d.playerMessages.sendEach(
          'manifest.changed',
          moved.map((b) => ({ screenId: b.screenId, fields: { manifestVersion: b.version } })),
          trx,
        );
        await this.versions.announce(moved, trx);
        return moved;
      });
      // Kept for the fetches that follow; the version is known for the screens whose version moved.
      const versionOf = new Map(bumped.map((b) => [b.screenId, b.version]));
      for (const [screenId, built] of builtOf) this.built.set(screenId, { ...built, version: versionOf.get(screenId) }, since);
    }
  }

  // Other processes answer revalidations from memory: they must hear of every new version. A
  // failure is logged, not thrown: the version is committed, and their entries expire.
  private async announce(bumped: { screenId: string; version: number }[]): Promise<void> {
    try {
      await this.versions.announce(bumped);
    } catch (err) {
      this.d.logger.warn({ err, screens: bumped.length }, 'could not announce new manifest versions');
    }
  }

  /** The screen's plugin entries, and the files they name listed in `assets` (see `filesNamedBy`). */
  private async withPlugins(content: ManifestContent, plugins: ManifestPluginEntry[], files: FileLookups): Promise<ManifestContent> {
    if (!plugins.length) return content;
    const listed = new Set(content.assets.map((a) => a.downloadPath));
    const extra: ManifestAsset[] = [];
    for (const file of filesNamedBy(plugins).filter((f) => !listed.has(f.path))) {
      if (!files.has(file.path)) files.set(file.path, this.servedFile(file.assetId, file.variantId));
      const entry = await files.get(file.path)!;
      if (entry) extra.push(entry);
    }
    return { ...content, assets: [...content.assets, ...extra], plugins };
  }

  // Only the variant the asset is served as now: a path a plugin kept from before names nothing.
  private async servedFile(assetId: string, variantId: string): Promise<ManifestAsset | undefined> {
    const served = (await this.d.mediaLibrary.served([assetId])).get(assetId);
    return served?.variantId === variantId ? manifestFile(served) : undefined;
  }

  private async sourcesContent(resolved: Resolved, shared: ManifestShared, memo: BuildMemo, profile: PlayerProfile): Promise<ManifestContent> {
    const contents = (await Promise.all(resolved.map(({ source, key }) => source.content(key, memo)))).filter((c): c is SourceContent => c !== undefined);
    const sections = this.d.manifestSections.all();
    let content = assembleManifestContent(contents, sections, shared);
    for (const { adjust } of contents) if (adjust) content = await adjust(content, memo);
    return contentFor(content, sections, profile);
  }

  /** The settings every manifest follows; a logo that is not a served image is left out. */
  private async shared(): Promise<ManifestShared> {
    const values = await this.d.settingsService.values([PREFETCH_DAYS_KEY, ACTIVATION_GRACE_KEY, LOGO_KEY]);
    const logoId = values[LOGO_KEY] as string;
    const logo = logoId ? (await this.d.mediaLibrary.served([logoId])).get(logoId) : undefined;
    return {
      prefetchHorizonDays: values[PREFETCH_DAYS_KEY] as number,
      activationGraceSeconds: values[ACTIVATION_GRACE_KEY] as number,
      ...(logo?.assetType === 'image' ? { logo: manifestFile(logo) } : {}),
    };
  }

  /** The library image the manifests name as the logo, if any (its changes reach every screen). */
  async logoAssetId(): Promise<string> {
    return this.d.settingsService.get<string>(LOGO_KEY);
  }
}
