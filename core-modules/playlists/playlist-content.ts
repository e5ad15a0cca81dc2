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
  ...(item.usePlayerDefaults ? { usePlayerDefaults: true } : {}),
  availableFrom: asset.availableFrom,
  expiresAt: asset.expiresAt,
});

/**
 * A playlist as a screen plays it, given what playing its assets needs (`mediaLibrary.playable`):
 * items whose asset cannot be played now (not ready, archived, no file a player can use) are left
 * out rather than sent for the player to fail on. The sections its assets need (a website's
 * `websites[]` entry) come with it, once per asset, and so do their files.
 */
export function playlistContent(playlist: PlaylistView, playable: Map<string, PlayableAsset>): SourceContent {
  const items = playlist.items.flatMap((item) => {
    const asset = playable.get(item.assetId);
    return asset ? [manifestItem(item, asset)] : [];
  });
  const assets = [...new Set(items.map((i) => i.assetId))].map((id) => playable.get(id)!);
  const files = new Map<string, ServedFile>();
  const sections: Record<string, unknown[]> = {};
  for (const asset of assets) {
    for (const file of asset.files) files.set(file.variantId, file);
    for (const [name, entries] of Object.entries(asset.sections ?? {})) sections[name] = [...(sections[name] ?? []), ...entries];
  }
  const playlistSection = { id: playlist.id, revision: playlist.revision, name: playlist.name, items };
  return { ...(sections as Partial<SourceContent>), playlist: playlistSection, files: [...files.values()] };
}
