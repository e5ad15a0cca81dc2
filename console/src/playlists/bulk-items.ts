import type { BodyOf } from '../api/types';
import type { Playlist, PlaylistItem } from './types';

export type ItemInput = BodyOf<'/api/v1/playlists/{id}/items/bulk', 'put'>['items'][number];

/** An item as the bulk replace takes it back: what it plays and every setting, unchanged. */
export function itemInputOf(item: PlaylistItem): ItemInput {
  return {
    ...(item.layoutId ? { layoutId: item.layoutId } : { assetId: item.assetId }),
    // Absent: a video playing its whole length.
    durationMs: item.durationMs ?? null,
    fitMode: item.fitMode,
    transition: item.transition,
    audioEnabled: item.audioEnabled,
    volume: item.volume,
    deliveryPolicy: item.deliveryPolicy,
    usePlayerDefaults: item.usePlayerDefaults,
  };
}

/** The manual items, in order, without the chosen ones. */
export const withoutChosen = (items: PlaylistItem[], chosen: ReadonlySet<string>) => items.filter((i) => !chosen.has(i.id));

/** The manual items, in order, the chosen ones playing for `durationMs`. */
export const withDuration = (items: PlaylistItem[], chosen: ReadonlySet<string>, durationMs: number) =>
  items.map((i) => (chosen.has(i.id) ? { ...i, durationMs } : i));

/**
 * What the editor shows while a bulk change is on its way: the playlist with the new manual items
 * (the tag rule's, computed by the server, stay as they were).
 */
export function optimistic(playlist: Playlist, manual: PlaylistItem[]): Playlist {
  const dynamic = playlist.items.filter((i) => i.dynamic);
  return { ...playlist, items: [...manual.map((item, position) => ({ ...item, position })), ...dynamic] };
}
