import type { PlayableAsset, ServedFile } from '../media/media.api.js';
import type { ManifestItem, SourceContent } from '../player/player.api.js';
import type { ItemView, PlaylistView } from './playlist-schemas.js';

const manifestItem = (item: ItemView, asset: PlayableAsset): ManifestItem => ({
  id: item.id,
  assetId: item.assetId,
  ...(asset.file ? { variantId: asset.file.variantId } : {}),
  assetType: asset.assetType,
  durationMs: item.durationMs,
  fitMode: item.fitMode,
  transition: item.transition,
  audioEnabled: item.audioEnabled,
  volume: item.volume,
  deliveryPolicy: asset.item?.deliveryPolicy ?? item.deliveryPolicy,
  // Absent when unset, as the reference sends them (the Android player takes a number or nothing).
  ...(item.videoStartOffsetMs !== undefined ? { videoStartOffsetMs: item.videoStartOffsetMs } : {}),
  ...(item.videoEndOffsetMs !== undefined ? { videoEndOffsetMs: item.videoEndOffsetMs } : {}),
  ...(item.usePlayerDefaults ? { usePlayerDefaults: true } : {}),
  ...(asset.item?.sinceSchema ? { sinceSchema: asset.item.sinceSchema } : {}),
  availableFrom: asset.availableFrom,
  expiresAt: asset.expiresAt,
});

// A layout plays muted from the item's point of view (its placements say what sounds) and streams:
// its files are listed in the manifest's assets, not one the item downloads. As the reference sends it.
const layoutItem = (item: ItemView): ManifestItem => ({
  id: item.id,
  assetId: item.assetId,
  layoutId: item.layoutId,
  assetType: 'layout',
  durationMs: item.durationMs,
  fitMode: item.fitMode,
  transition: item.transition,
  audioEnabled: false,
  volume: 0,
  deliveryPolicy: 'stream',
});

// What an item's layout adds: its list sections (`layouts[]`, `widgets[]`, zones' `playlists[]`, …) and files, not what it would play as a screen's own (`layout`).
const listSections = (content: SourceContent): Record<string, unknown[]> =>
  Object.fromEntries(Object.entries(content as Record<string, unknown>).filter(([name, value]) => name !== 'files' && Array.isArray(value))) as Record<
    string,
    unknown[]
  >;

/**
 * A playlist as a screen plays it, given what playing its assets needs (`mediaLibrary.playable`) and
 * its layouts' content (published, by id): items whose asset or layout cannot be played now (not
 * ready, archived, no file a player can use, unpublished) are left out rather than sent for the
 * player to fail on. The sections they need (a website's `websites[]` entry, a layout's `layouts[]`)
 * come with it, once per asset or layout, and so do their files.
 */
export function playlistContent(
  playlist: Pick<PlaylistView, 'id' | 'revision' | 'name' | 'items'>,
  playable: Map<string, PlayableAsset>,
  layouts: Map<string, SourceContent>,
): SourceContent {
  const items = playlist.items.flatMap((item) => {
    if (item.layoutId) return layouts.has(item.layoutId) ? [layoutItem(item)] : [];
    const asset = playable.get(item.assetId);
    return asset ? [manifestItem(item, asset)] : [];
  });
  const ids = [...new Set(items.map((i) => i.assetId))];
  const parts = ids.map((id) => {
    const layout = layouts.get(id);
    return layout ? { files: layout.files, sections: listSections(layout) } : playable.get(id)!;
  });
  const files = new Map<string, ServedFile>();
  const sections: Record<string, unknown[]> = {};
  for (const part of parts) {
    for (const file of part.files) files.set(file.variantId, file);
    for (const [name, entries] of Object.entries(part.sections ?? {})) sections[name] = [...(sections[name] ?? []), ...entries];
  }
  const playlistSection = { id: playlist.id, revision: playlist.revision, name: playlist.name, items };
  return { ...(sections as Partial<SourceContent>), playlist: playlistSection, files: [...files.values()] };
}
