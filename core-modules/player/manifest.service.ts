import type { Logger } from '../../kernel/logger.js';
import type { AssetRow, AssetsRepository, VariantRow } from '../media/assets.repository.js';
import type { AssignmentsRepository } from '../playlists/assignments.repository.js';
import type { PlaylistReader } from '../playlists/playlist-reader.js';
import type { PlaylistView } from '../playlists/playlist-schemas.js';
import type { ScreenNotifier } from '../screens/screen-notifier.js';
import { buildManifestContent, contentHash } from './manifest-builder.js';
import type { ManifestPlugins } from './manifest-plugins.js';
import { MANIFEST_SCHEMA_VERSION, type Manifest, type ManifestContent } from './manifest-schema.js';
import type { PlayerStateRepository } from './player-state.repository.js';

interface Deps {
  logger: Logger;
  assetsRepository: AssetsRepository;
  assignmentsRepository: AssignmentsRepository;
  playlistReader: PlaylistReader;
  screenNotifier: ScreenNotifier;
  playerStateRepository: PlayerStateRepository;
  manifestPlugins: ManifestPlugins;
}

/**
 * Builds a screen's manifest and keeps its version honest: the version is the count of distinct
 * contents the screen has been given, so it moves only when what the screen plays changes.
 */
export class ManifestService {
  constructor(private readonly d: Deps) {}

  /** What the screen plays now, without touching its version (downloads check against this). */
  async content(screenId: string): Promise<ManifestContent> {
    const assignment = await this.d.assignmentsRepository.byScreen(screenId);
    const playlist = assignment ? await this.readPlaylist(assignment.playlist_id) : undefined;
    const plugins = (await this.d.manifestPlugins.entriesFor([screenId])).get(screenId) ?? [];
    return { ...buildManifestContent(playlist, await this.loadAssets(playlist)), plugins };
  }

  /**
   * Also records the content: a change no event announced (e.g. an asset's variant reprocessed)
   * still moves the version on the next fetch, so the version always matches what is served.
   */
  async manifest(screenId: string): Promise<Manifest> {
    const content = await this.content(screenId);
    const { version } = await this.d.playerStateRepository.record('manifest', screenId, contentHash(content));
    const now = new Date().toISOString();
    return { schemaVersion: MANIFEST_SCHEMA_VERSION, manifestVersion: version, screenId, generatedAt: now, serverTime: now, ...content };
  }

  /** Recomputes after a change and tells the screen when its version moved. */
  /** The stored version (0 before the first manifest), for cheap revalidation. */
  currentVersion(screenId: string): Promise<number> {
    return this.d.playerStateRepository.current('manifest', screenId);
  }

  async refresh(screenId: string): Promise<void> {
    const content = await this.content(screenId);
    const { version, bumped } = await this.d.playerStateRepository.record('manifest', screenId, contentHash(content));
    if (bumped) await this.d.screenNotifier.manifestChanged(screenId, version);
  }

  // A playlist deleted between reading the assignment and the playlist: the screen plays nothing.
  private async readPlaylist(id: string): Promise<PlaylistView | undefined> {
    try {
      return await this.d.playlistReader.get(id);
    } catch (err) {
      if ((err as { code?: string }).code === 'playlist_not_found') return undefined;
      throw err;
    }
  }

  private async loadAssets(playlist: PlaylistView | undefined) {
    const ids = [...new Set((playlist?.items ?? []).map((i) => i.assetId))];
    const found = new Map<string, { asset: AssetRow; variants: VariantRow[] }>();
    if (!ids.length) return found;
    const [rows, variants] = await Promise.all([this.d.assetsRepository.byIds(ids), this.d.assetsRepository.variantsOf(ids)]);
    for (const asset of rows) found.set(asset.id, { asset, variants: [] });
    for (const v of variants) found.get(v.asset_id)?.variants.push(v);
    return found;
  }
}
