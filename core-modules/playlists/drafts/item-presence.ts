import type { Knex } from 'knex';
import { AppError } from '../../../kernel/errors.js';
import type { MediaLibrary } from '../../media/media.api.js';
import type { ContentKinds } from '../../player/player.api.js';
import type { DocumentItem } from './playlist-document.js';

export type PresenceDeps = { mediaLibrary: Pick<MediaLibrary, 'playable'>; contentKinds: Pick<ContentKinds, 'check'> };

/** Why a layout an item names cannot be played now (its kind's error: not found, not published); undefined when it can. */
export async function layoutRefusal(d: PresenceDeps, layoutId: string, trx?: Knex.Transaction): Promise<AppError | undefined> {
  try {
    await d.contentKinds.check([{ contentType: 'layout', contentId: layoutId }], trx);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

/**
 * Which items' content cannot be played now: an asset that is gone, not ready, archived or without
 * a file a player can use; a layout that is gone or unpublished. Read once for all these items (of
 * one document or several); what a restore leaves out and a revision's list counts as deleted since.
 */
export async function absence(d: PresenceDeps, items: DocumentItem[]): Promise<(item: DocumentItem) => boolean> {
  const playable = await d.mediaLibrary.playable(items.flatMap((i) => (i.assetId ? [i.assetId] : [])));
  const layouts = [...new Set(items.flatMap((i) => (i.layoutId ? [i.layoutId] : [])))];
  const refused = new Set((await Promise.all(layouts.map(async (id) => ((await layoutRefusal(d, id)) ? [id] : [])))).flat());
  return (i) => (i.assetId ? !playable.has(i.assetId) : refused.has(i.layoutId!));
}
