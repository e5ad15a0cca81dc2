/**
 * Changing several manual items of a playlist at once, as the bulk replace takes them. Pure and
 * free of imports (the suite's unit tests load it under Node): the item type comes from the caller.
 */
interface Item {
  id: string;
  assetId: string;
  layoutId?: string;
  durationMs?: number;
  fitMode: string;
  transition: string;
  audioEnabled: boolean;
  volume: number;
  deliveryPolicy: string;
  usePlayerDefaults: boolean;
  videoStartOffsetMs?: number;
  videoEndOffsetMs?: number;
  dynamic: boolean;
}

/** An item as the bulk replace takes it back: what it plays and every setting, unchanged. */
export function itemInputOf<I extends Item>(item: I) {
  return {
    ...(item.layoutId ? { layoutId: item.layoutId } : { assetId: item.assetId }),
    // Absent: a video playing its whole length.
    durationMs: item.durationMs ?? null,
    fitMode: item.fitMode as I['fitMode'],
    transition: item.transition as I['transition'],
    audioEnabled: item.audioEnabled,
    volume: item.volume,
    deliveryPolicy: item.deliveryPolicy as I['deliveryPolicy'],
    usePlayerDefaults: item.usePlayerDefaults,
    // Absent: a video playing from its beginning, or to its end. Left out, a replace would drop its trim.
    videoStartOffsetMs: item.videoStartOffsetMs ?? null,
    videoEndOffsetMs: item.videoEndOffsetMs ?? null,
  };
}

/** The manual items, in order, without the chosen ones. */
export const withoutChosen = <I extends Item>(items: I[], chosen: ReadonlySet<string>) => items.filter((i) => !chosen.has(i.id));

/** The manual items, in order, the chosen ones playing for `durationMs`. */
export const withDuration = <I extends Item>(items: I[], chosen: ReadonlySet<string>, durationMs: number) =>
  items.map((i) => (chosen.has(i.id) ? { ...i, durationMs } : i));

/**
 * What the editor shows while a bulk change is on its way: the playlist with the new manual items
 * (the tag rule's, computed by the server, stay as they were).
 */
export function optimistic<I extends Item & { position: number }, P extends { items: I[] }>(playlist: P, manual: I[]): P {
  const dynamic = playlist.items.filter((i) => i.dynamic);
  return { ...playlist, items: [...manual.map((item, position) => ({ ...item, position })), ...dynamic] };
}
