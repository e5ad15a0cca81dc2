import type { AssetSummary, MediaLibrary, TagRef } from '../media/media.api.js';
import { type ContentKinds, refKey } from '../player/player.api.js';
import type { DraftFields, ItemDetail, ItemView, PlaylistDetail, PlaylistView } from './playlist-schemas.js';

// A layout item as the reference's console shows it: the layout's name and preview, type `layout`.
function layoutItemDetail({ durationMs, ...item }: ItemView, name: string | undefined): ItemDetail {
  return {
    ...item,
    ...(durationMs !== null ? { durationMs } : {}),
    assetName: name ?? item.assetId,
    assetType: 'layout',
    assetStatus: name === undefined ? 'deleted' : 'ready',
    thumbnailUrl: `/api/v1/layouts/${item.assetId}/preview-image`,
    dynamic: false,
  };
}

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
const notPlayable = (item: ItemDetail, asset: AssetSummary | undefined) => {
  if (item.layoutId) return item.assetStatus === 'ready' ? [] : [`Layout ${item.assetName} is no longer available.`];
  return asset?.status === 'ready' && !asset.archived ? [] : [`Asset ${item.assetName} is no longer ready for playback.`];
};

const layoutRef = (contentId: string) => ({ contentType: 'layout', contentId });

/**
 * A playlist as the console shows it: each item with what it needs of its asset or layout, a
 * warning for each item that will not play now, the tag rule with its tags named, and the layouts
 * whose published revision shows it in a zone.
 */
export async function playlistDetail(
  playlist: PlaylistView,
  library: Pick<MediaLibrary, 'summaries' | 'tags'>,
  kinds: Pick<ContentKinds, 'names' | 'containersOf'>,
): Promise<Omit<PlaylistDetail, keyof DraftFields>> {
  const rule = playlist.tagRule;
  const layoutIds = playlist.items.flatMap((i) => (i.layoutId ? [i.layoutId] : []));
  const [assets, tags, holding] = await Promise.all([
    library.summaries(playlist.items.flatMap((i) => (i.layoutId ? [] : [i.assetId]))),
    rule ? library.tags(rule.tagIds) : ([] as TagRef[]),
    kinds.containersOf([{ contentType: 'playlist', contentId: playlist.id }]),
  ]);
  const usedBy = holding.filter((ref) => ref.contentType === 'layout');
  const names = await kinds.names([...layoutIds.map(layoutRef), ...usedBy]);
  const items = playlist.items.map((item) =>
    item.layoutId ? layoutItemDetail(item, names.get(refKey(layoutRef(item.layoutId)))) : itemDetail(item, assets.get(item.assetId)),
  );
  return {
    ...playlist,
    items,
    ...(rule ? { tagRule: { ...rule, tags } } : { tagRule: undefined }),
    warnings: items.flatMap((item) => notPlayable(item, assets.get(item.assetId))),
    layoutUsage: usedBy.map((ref) => ({ id: ref.contentId, name: names.get(refKey(ref)) ?? ref.contentId, published: true })),
  };
}
