import { createHash } from 'node:crypto';
import { notFound } from '../../kernel/errors.js';
import type { TaggedAsset } from '../media/media.api.js';
import type { ContentRef } from '../player/player.api.js';
import { DEFAULTS } from './items/item-rules.js';
import { playlistDetail } from './playlist-detail.js';
import type { DraftFields, ItemView, PlaylistDetail, PlaylistView } from './playlist-schemas.js';
import type { PlaylistsBaseDeps } from './playlists-base-deps.js';
import type { DraftPlaylistRow, ItemRow, StoredPlaylist } from './playlists.models.js';

type Deps = Pick<
  PlaylistsBaseDeps,
  'playlistsRepository' | 'playlistItemsRepository' | 'draftsRepository' | 'draftItemsRepository' | 'mediaLibrary' | 'assignmentsRepository' | 'contentKinds'
>;

export const playlistNotFound = () => notFound('playlist_not_found', 'No such playlist.');

const manualItem = (r: ItemRow, position: number): ItemView => ({
  id: r.id,
  source: 'manual',
  assetId: (r.asset_id ?? r.layout_id)!,
  ...(r.layout_id ? { layoutId: r.layout_id } : {}),
  position,
  durationMs: r.duration_ms,
  fitMode: r.fit_mode,
  transition: r.transition,
  audioEnabled: r.audio_enabled,
  volume: r.volume,
  deliveryPolicy: r.delivery_policy,
  usePlayerDefaults: r.use_player_defaults,
  ...(r.video_start_offset_ms !== null ? { videoStartOffsetMs: r.video_start_offset_ms } : {}),
  ...(r.video_end_offset_ms !== null ? { videoEndOffsetMs: r.video_end_offset_ms } : {}),
});

/**
 * A tag-rule item is computed, not stored, yet players key playback state (resume, proof of play,
 * sync) by item id: derive a stable UUID from the playlist and the asset (name-based, RFC 9562 v5 layout).
 */
export function tagItemId(playlistId: string, assetId: string): string {
  const h = createHash('sha1').update(`tag-item:${playlistId}:${assetId}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

// Videos play full length (null when processing did not record one: the player plays to the end).
const tagItem = (playlistId: string, a: TaggedAsset, imageDurationMs: number, position: number): ItemView => ({
  id: tagItemId(playlistId, a.id),
  source: 'tag',
  assetId: a.id,
  position,
  durationMs: a.type === 'image' ? imageDurationMs : a.durationSeconds != null ? Math.round(a.durationSeconds * 1000) : null,
  fitMode: DEFAULTS.fit_mode,
  transition: DEFAULTS.transition,
  audioEnabled: DEFAULTS.audio_enabled,
  volume: DEFAULTS.volume,
  deliveryPolicy: DEFAULTS.delivery_policy,
  usePlayerDefaults: false,
});

// What every view of a playlist says of it, from its row (published, or its draft).
const commonView = (p: Omit<StoredPlaylist, 'managed_by'>) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  revision: p.revision,
  sourceType: p.tag_rule?.enabled ? ('tag' as const) : ('static' as const),
  createdAt: p.created_at.toISOString(),
  updatedAt: p.updated_at.toISOString(),
});

// Where the draft stands against what screens play.
const draftState = (p: DraftPlaylistRow): DraftFields => ({
  revision: p.revision,
  draftRevision: p.draft_revision,
  publishedRevision: p.revision,
  hasUnpublishedChanges: p.draft_revision !== p.published_draft_revision,
});

/** A playlist in the list: its draft. */
export const summaryView = (p: DraftPlaylistRow) => ({
  ...commonView(p),
  ...draftState(p),
  itemCount: p.item_count,
  tagRuleEnabled: Boolean(p.tag_rule?.enabled),
});

/**
 * A playlist as the console sees it. The tag rule's items are computed here on every read rather
 * than stored: media tagged, untagged, processed or deleted later shows up (or drops out) with no
 * sync job, and a tag-rule item never blocks deleting its asset.
 */
export class PlaylistReader {
  constructor(private readonly d: Deps) {}

  /** Fleet health: playlists in all, and those that would play nothing. */
  counts(): Promise<{ total: number; empty: number }> {
    return this.d.playlistsRepository.counts();
  }

  /** The playlist as the console shows it: its working draft, and where that stands against what screens play. */
  async get(id: string): Promise<PlaylistDetail> {
    const [draft, items] = await Promise.all([this.d.draftsRepository.byId(id), this.d.draftItemsRepository.list(id)]);
    if (!draft) throw playlistNotFound();
    const detail = await playlistDetail(await this.view(draft, items), this.d.mediaLibrary, this.d.contentKinds);
    return { ...detail, ...draftState(draft) };
  }

  /** Those of `ids` that exist, as screens play them (their published rows), read together (two queries, and one per tag rule). */
  async findMany(ids: string[]): Promise<Map<string, PlaylistView>> {
    const [rows, itemsOf] = await Promise.all([this.d.playlistsRepository.byIds(ids), this.d.playlistItemsRepository.listOf(ids)]);
    const views = await Promise.all(rows.map((row) => this.view(row, itemsOf.get(row.id) ?? [])));
    return new Map(views.map((v) => [v.id, v]));
  }

  private async view(row: Omit<StoredPlaylist, 'managed_by'>, rows: ItemRow[]): Promise<PlaylistView> {
    const manual = rows.map(manualItem);
    const rule = row.tag_rule;
    const tagged = rule?.enabled
      ? (await this.d.mediaLibrary.readyTagged(rule.tagIds, rule.match)).map((a, i) => tagItem(row.id, a, rule.imageDurationMs, manual.length + i))
      : [];
    const items = [...manual, ...tagged];
    return { ...commonView(row), items, itemCount: items.length, tagRule: rule };
  }

  /** The playlists holding any of `refs` now: a layout as an item, an asset as an item or through their tag rule. */
  async holding(refs: ContentRef[]): Promise<ContentRef[]> {
    const found = new Set<string>();
    for (const p of await this.d.playlistItemsRepository.holdingLayouts(refs.filter((r) => r.contentType === 'layout').map((r) => r.contentId)))
      found.add(p.id);
    for (const { contentId } of refs.filter((r) => r.contentType === 'asset')) {
      for (const p of await this.d.playlistsRepository.maybeHolding(contentId)) {
        const rule = p.tag_rule;
        if (p.has_item || (rule && (await this.d.mediaLibrary.readyTagged(rule.tagIds, rule.match)).some((a) => a.id === contentId))) found.add(p.id);
      }
    }
    return [...found].map((contentId) => ({ contentType: 'playlist', contentId }));
  }
}
