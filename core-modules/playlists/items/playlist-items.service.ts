import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { conflict, invalidInput, notFound } from '../../../kernel/errors.js';
import type { AssetSummary } from '../../media/media.api.js';
import type { PlaylistLibraryDeps } from '../playlist-library-deps.js';
import { playlistNotFound } from '../playlist-reader.js';
import { MAX_ITEMS, type ItemInput, type ItemPatch, type PlaylistDetail } from '../playlist-schemas.js';
import { managedPlaylist } from '../playlists.service.js';
import { assertPlayable, type ItemTarget, itemValues, storedValues } from './item-rules.js';

type Deps = Pick<
  PlaylistLibraryDeps,
  | 'db'
  | 'playlistsRepository'
  | 'draftsRepository'
  | 'draftItemsRepository'
  | 'mediaLibrary'
  | 'playlistReader'
  | 'auditLog'
  | 'settingsService'
  | 'contentKinds'
>;

/** What an item names: an asset or a layout (the reference's console may send a layout's id as both). */
type ItemContent = { assetId?: string; layoutId?: string };

const itemNotFound = () => notFound('playlist_item_not_found', 'No such item in this playlist.');
const tooMany = () => invalidInput('playlist_validation_failed', `A playlist holds at most ${MAX_ITEMS} items.`, 'body');

/** A playlist's manual items, in its working draft: add, change, remove, order and replace them all. No screen sees a change until the draft is published. */
export class PlaylistItemsService {
  constructor(private readonly d: Deps) {}

  async add(actor: ConsolePrincipal, playlistId: string, input: ItemInput, ip: string): Promise<PlaylistDetail> {
    const { assetId, layoutId, ...settings } = input;
    return this.change(actor, playlistId, ip, 'playlist.item_added', async (trx) => {
      const target = await this.target(playlistId, { assetId, layoutId }, 'body', trx);
      if ((await this.d.draftItemsRepository.list(playlistId, trx)).length >= MAX_ITEMS) throw tooMany();
      const id = await this.d.draftItemsRepository.append(playlistId, itemValues(target, settings, undefined, 'body', await this.imageDurationMs()), trx);
      return { itemId: id, [target.type === 'layout' ? 'layoutId' : 'assetId']: target.id };
    });
  }

  async update(actor: ConsolePrincipal, playlistId: string, itemId: string, patch: ItemPatch, ip: string): Promise<PlaylistDetail> {
    return this.change(actor, playlistId, ip, 'playlist.item_updated', async (trx) => {
      const item = await this.d.draftItemsRepository.byId(playlistId, itemId, trx);
      if (!item) throw itemNotFound();
      // What it plays may have gone (deleted assets are refused while used, but archived-then-purged
      // rows can vanish); without it the type rules cannot be checked.
      const { assetId, layoutId, ...settings } = patch;
      const given =
        assetId === undefined && layoutId === undefined
          ? { assetId: item.asset_id ?? undefined, layoutId: item.layout_id ?? undefined }
          : { assetId, layoutId };
      const target = await this.target(playlistId, given, 'body', trx);
      const values = itemValues(target, settings, storedValues(item), 'body', await this.imageDurationMs());
      await this.d.draftItemsRepository.update(playlistId, itemId, values, trx);
      return { itemId, fields: Object.keys(patch) };
    });
  }

  async remove(actor: ConsolePrincipal, playlistId: string, itemId: string, ip: string): Promise<PlaylistDetail> {
    return this.change(actor, playlistId, ip, 'playlist.item_removed', async (trx) => {
      if (!(await this.d.draftItemsRepository.delete(playlistId, itemId, trx))) throw itemNotFound();
      return { itemId };
    });
  }

  async reorder(actor: ConsolePrincipal, playlistId: string, itemIds: string[], ip: string): Promise<PlaylistDetail> {
    return this.change(actor, playlistId, ip, 'playlist.items_reordered', async (trx) => {
      const current = new Set((await this.d.draftItemsRepository.list(playlistId, trx)).map((i) => i.id));
      const given = new Set(itemIds);
      if (given.size !== itemIds.length || given.size !== current.size || itemIds.some((id) => !current.has(id))) {
        throw invalidInput('playlist_validation_failed', 'itemIds must name every item of the playlist exactly once.', 'body/itemIds');
      }
      await this.d.draftItemsRepository.reorder(playlistId, itemIds, trx);
      return { count: itemIds.length };
    });
  }

  /** Replaces every manual item at once, in the given order; all are checked before any is written. */
  async replaceAll(actor: ConsolePrincipal, playlistId: string, items: ItemInput[], ip: string): Promise<PlaylistDetail> {
    if (items.length > MAX_ITEMS) throw tooMany();
    return this.change(actor, playlistId, ip, 'playlist.items_replaced', async (trx) => {
      const values = [];
      const assets = await this.d.mediaLibrary.summaries(items.flatMap((i) => (i.assetId && !i.layoutId ? [i.assetId] : [])));
      const imageDurationMs = await this.imageDurationMs();
      for (const [i, { assetId, layoutId, ...settings }] of items.entries()) {
        const target = await this.target(playlistId, { assetId, layoutId }, `body/items/${i}`, trx, assets);
        values.push(itemValues(target, settings, undefined, `body/items/${i}`, imageDurationMs));
      }
      await this.d.draftItemsRepository.replaceAll(playlistId, values, trx);
      return { count: items.length };
    });
  }

  // The player module's setting: what screens show an image for unless told otherwise.
  private async imageDurationMs(): Promise<number> {
    return (await this.d.settingsService.get<number>('player.playback.default_image_duration_seconds')) * 1000;
  }

  /**
   * What an item is to play, checked: a ready asset, or a published layout that does not show this
   * playlist (it would contain itself). A layout is held shared until `trx` ends, so its delete or a
   * publish adding this playlist waits and then sees this item.
   */
  private async target(playlistId: string, given: ItemContent, field: string, trx: Knex.Transaction, known?: Map<string, AssetSummary>): Promise<ItemTarget> {
    // The reference's console sends a layout item back with its layout's id in both fields.
    const layoutId = given.layoutId;
    const assetId = given.assetId === layoutId ? undefined : given.assetId;
    if ((assetId === undefined) === (layoutId === undefined))
      throw invalidInput('playlist_validation_failed', 'Give exactly one of assetId and layoutId.', `${field}/assetId`);
    if (layoutId === undefined) {
      const asset = known ? known.get(assetId!) : (await this.d.mediaLibrary.summaries([assetId!])).get(assetId!);
      assertPlayable(asset, `${field}/assetId`);
      return asset;
    }
    const layout = { contentType: 'layout', contentId: layoutId };
    await this.d.contentKinds.check([layout], trx);
    const holding = await this.d.contentKinds.containersOf([{ contentType: 'playlist', contentId: playlistId }], trx);
    if (holding.some((ref) => ref.contentType === 'layout' && ref.contentId === layoutId)) {
      throw invalidInput(
        'playlist_validation_failed',
        'This layout shows this playlist in a zone, so it cannot also be one of its items.',
        `${field}/layoutId`,
      );
    }
    return { id: layoutId, type: 'layout', status: 'ready' };
  }

  /**
   * One item change to the draft: in a transaction holding the playlist's row lock (so concurrent
   * edits and publications see one order), as the draft's next revision; then the audit entry.
   */
  private async change(
    actor: ConsolePrincipal,
    playlistId: string,
    ip: string,
    action: string,
    work: (trx: Knex.Transaction) => Promise<Record<string, unknown>>,
  ): Promise<PlaylistDetail> {
    const metadata = await this.d.db.transaction(async (trx) => {
      if (!(await this.d.playlistsRepository.lock(playlistId, trx))) throw playlistNotFound();
      const playlist = await this.d.draftsRepository.byId(playlistId, trx);
      if (playlist?.managed_by) throw managedPlaylist(playlist.managed_by);
      // While the rule fills the playlist, manual edits would be silently shadowed; refuse them instead.
      if (playlist?.tag_rule?.enabled) throw conflict('playlist_tag_rule_active', 'The tag rule fills this playlist; disable it to edit items by hand.');
      const done = await work(trx);
      await this.d.draftsRepository.change(playlistId, {}, actor.userId, trx);
      return done;
    });
    await this.d.auditLog.record({ action, actor, ip, resourceType: 'playlist', resourceId: playlistId, metadata });
    return this.d.playlistReader.get(playlistId);
  }
}
