import type { AssetSummary, MediaLibrary, TagRef } from '../media/media.api.js';
import type { ItemDetail, ItemView, PlaylistDetail, PlaylistView } from './playlist-schemas.js';

function itemDetail({ durationMs, ...item }: ItemView, asset: AssetSummary | undefined): ItemDetail {
  return {
    ...item,
    ...(durationMs !== null ? { durationMs } : {}),
    // An item whose asset has gone (purged after archiving) still shows, named by its id.
    assetName: asset?.name ?? item.assetId,
    assetType: asset?.type ?? 'unknown',
    assetStatus: asset?.status ?? 'deleted',
    thumbnailUrl: `/api/v1/assets/${item.assetId}/thumbnail`,
    ...(asset?.durationSeconds != null ? { assetDurationSeconds: asset.durationSeconds } : {}),
    ...(asset?.availableFrom ? { availableFrom: asset.availableFrom } : {}),
    ...(asset?.expiresAt ? { expiresAt: asset.expiresAt } : {}),
    dynamic: item.source === 'tag',
  };
}

// The reference's words, so its console shows the same notice.
const notPlayable = (item: ItemDetail, asset: AssetSummary | undefined) =>
  asset?.status === 'ready' && !asset.archived ? [] : [`Asset ${item.assetName} is no longer ready for playback.`];

/**
 * A playlist as the console shows it: each item with what it needs of its asset, a warning for
 * each item that will not play now, the tag rule with its tags named. No module embeds playlists
 * in layouts yet, so `layoutUsage` is empty until layouts exist.
 */
export async function playlistDetail(playlist: PlaylistView, library: Pick<MediaLibrary, 'summaries' | 'tags'>): Promise<PlaylistDetail> {
  const rule = playlist.tagRule;
  const [assets, tags] = await Promise.all([library.summaries(playlist.items.map((i) => i.assetId)), rule ? library.tags(rule.tagIds) : ([] as TagRef[])]);
  const items = playlist.items.map((item) => itemDetail(item, assets.get(item.assetId)));
  return {
    ...playlist,
    items,
    ...(rule ? { tagRule: { ...rule, tags } } : { tagRule: undefined }),
    warnings: items.flatMap((item) => notPlayable(item, assets.get(item.assetId))),
    layoutUsage: [],
  };
}
