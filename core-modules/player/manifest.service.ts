import type { Logger } from '../../kernel/logger.js';
import type { SocketHub } from '../../kernel/ws/hub.js';
import type { MediaLibrary } from '../media/media.api.js';
import type { ScreenNotifier } from '../screens/screens.api.js';
import type { SettingsService } from '../settings/settings.api.js';
import { BuildMemo, resolutionKey, type ContentSources, type Resolved, type SourceContent } from './content-sources.js';
import { assembleManifestContent, contentHash, filesNamedBy, manifestFile, type ManifestShared } from './manifest-builder.js';
import type { ManifestPluginEntry, ManifestPlugins } from './manifest-plugins.js';
import { MANIFEST_SCHEMA_VERSION, type Manifest, type ManifestAsset, type ManifestContent } from './manifest-schema.js';
import { ManifestVersions } from './manifest-versions.js';
import type { PlayerStateRepository } from './player-state.repository.js';
import { ACTIVATION_GRACE_KEY, LOGO_KEY, PREFETCH_DAYS_KEY } from './player-settings.js';

interface Deps {
  logger: Logger;
  hub: SocketHub;
  mediaLibrary: MediaLibrary;
  contentSources: ContentSources;
  screenNotifier: ScreenNotifier;
  playerStateRepository: PlayerStateRepository;
  manifestPlugins: ManifestPlugins;
  settingsService: SettingsService;
}

/** Files named by plugin entries, looked up once per refresh however many screens name them. */
type FileLookups = Map<string, Promise<ManifestAsset | undefined>>;

// Screens refreshed per statement: bounds the statement and the rows it locks, and lets the
// first screens hear of a change while later ones are still being recorded.
const REFRESH_BATCH = 2_000;

/**
 * Builds a screen's manifest and keeps its version honest: the version is the count of distinct
 * contents the screen has been given, so it moves only when what the screen plays changes.
 */
export class ManifestService {
  private readonly versions: ManifestVersions;

  constructor(private readonly d: Deps) {
    this.versions = new ManifestVersions(d);
  }

  /** What the screen plays now, without touching its version (downloads check against this). */
  async content(screenId: string): Promise<ManifestContent> {
    const [resolved, pluginsOf, shared] = await Promise.all([
      this.d.contentSources.resolve([screenId]),
      this.d.manifestPlugins.entriesFor([screenId]),
      this.shared(),
    ]);
    const plugins = pluginsOf.get(screenId) ?? [];
    return this.withPlugins(await this.sourcesContent(resolved.get(screenId) ?? [], shared, new BuildMemo()), plugins, new Map());
  }

  /**
   * Also records the content: a change no event announced still moves the version on the next
   * fetch, so the version always matches what is served.
   */
  async manifest(screenId: string): Promise<Manifest> {
    const content = await this.content(screenId);
    const { version, bumped } = await this.d.playerStateRepository.record('manifest', screenId, contentHash(content));
    if (bumped) await this.announce([{ screenId, version }]);
    const now = new Date().toISOString();
    return { schemaVersion: MANIFEST_SCHEMA_VERSION, manifestVersion: version, screenId, generatedAt: now, serverTime: now, ...content };
  }

  /** The stored version (0 before the first manifest), for cheap revalidation: usually from memory. */
  currentVersion(screenId: string): Promise<number> {
    return this.versions.current(screenId);
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
    const unique = [...new Set(screenIds)];
    const contentOf = new Map<string, Promise<{ content: ManifestContent; hash: string }>>();
    const memo = new BuildMemo();
    const files: FileLookups = new Map();
    const shared = await this.shared();
    for (let i = 0; i < unique.length; i += REFRESH_BATCH) {
      const batch = unique.slice(i, i + REFRESH_BATCH);
      const [resolvedOf, pluginsOf] = await Promise.all([this.d.contentSources.resolve(batch), this.d.manifestPlugins.entriesFor(batch)]);
      const hashes = new Map<string, string>();
      for (const screenId of batch) {
        const resolved = resolvedOf.get(screenId) ?? [];
        const key = resolutionKey(resolved);
        if (!contentOf.has(key))
          contentOf.set(
            key,
            this.sourcesContent(resolved, shared, memo).then((content) => ({ content, hash: contentHash(content) })),
          );
        const { content, hash } = await contentOf.get(key)!;
        // Plugin entries are per screen: only a screen without any shares its sources' hash.
        const plugins = pluginsOf.get(screenId) ?? [];
        hashes.set(screenId, plugins.length ? contentHash(await this.withPlugins(content, plugins, files)) : hash);
      }
      const bumped = await this.d.playerStateRepository.recordMany('manifest', hashes);
      await this.announce(bumped);
      await this.d.screenNotifier.manifestChangedMany(bumped.map((b) => ({ screenId: b.screenId, manifestVersion: b.version })));
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

  private async sourcesContent(resolved: Resolved, shared: ManifestShared, memo: BuildMemo): Promise<ManifestContent> {
    const contents = (await Promise.all(resolved.map(({ source, key }) => source.content(key, memo)))).filter((c): c is SourceContent => c !== undefined);
    let content = assembleManifestContent(contents, shared);
    for (const { adjust } of contents) if (adjust) content = await adjust(content, memo);
    return content;
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
