import { notFound } from '../../kernel/errors.js';
import type { ItemRow, PlaylistItemsRepository } from './playlist-items.repository.js';
import type { PlaylistView, ItemView } from './playlist-schemas.js';
import type { PlaylistRow, PlaylistsRepository } from './playlists.repository.js';
import { DEFAULTS } from './item-rules.js';
import type { TaggedAsset, TaggedMediaRepository } from './tagged-media.repository.js';

export const playlistNotFound = () => notFound('playlist_not_found', 'No such playlist.');

const manualItem = (r: ItemRow): ItemView => ({
  id: r.id,
  source: 'manual',
  assetId: r.asset_id,
  durationMs: r.duration_ms,
  fitMode: r.fit_mode,
  transition: r.transition,
  audioEnabled: r.audio_enabled,
  volume: r.volume,
  deliveryPolicy: r.delivery_policy,
});

// Videos play full length (null when processing did not record one: the player plays to the end).
const tagItem = (a: TaggedAsset, imageDurationMs: number): ItemView => ({
  id: null,
  source: 'tag',
  assetId: a.id,
  durationMs: a.type === 'image' ? imageDurationMs : a.duration_seconds != null ? Math.round(a.duration_seconds * 1000) : null,
  fitMode: DEFAULTS.fit_mode,
  transition: DEFAULTS.transition,
  audioEnabled: DEFAULTS.audio_enabled,
  volume: DEFAULTS.volume,
  deliveryPolicy: DEFAULTS.delivery_policy,
});

export const summaryView = (p: PlaylistRow) => ({
  id: p.id,
  name: p.name,
  description: p.description,
  revision: p.revision,
  itemCount: p.item_count,
  tagRuleEnabled: Boolean(p.tag_rule?.enabled),
  createdAt: p.created_at.toISOString(),
  updatedAt: p.updated_at.toISOString(),
});

/**
 * A playlist as the console sees it. The tag rule's items are computed here on every read rather
 * than stored: media tagged, untagged, processed or deleted later shows up (or drops out) with no
 * sync job, and a tag-rule item never blocks deleting its asset.
 */
export class PlaylistReader {
  constructor(private readonly d: { playlistsRepository: PlaylistsRepository; playlistItemsRepository: PlaylistItemsRepository; taggedMediaRepository: TaggedMediaRepository }) {}

  async get(id: string): Promise<PlaylistView> {
    const row = await this.d.playlistsRepository.byId(id);
    if (!row) throw playlistNotFound();
    const manual = (await this.d.playlistItemsRepository.list(id)).map(manualItem);
    const rule = row.tag_rule;
    const tagged = rule?.enabled ? (await this.d.taggedMediaRepository.readyTagged(rule.tagIds, rule.match)).map((a) => tagItem(a, rule.imageDurationMs)) : [];
    const items = [...manual, ...tagged];
    const { tagRuleEnabled: _, itemCount: __, ...common } = summaryView(row);
    return { ...common, items, itemCount: items.length, tagRule: rule };
  }
}
