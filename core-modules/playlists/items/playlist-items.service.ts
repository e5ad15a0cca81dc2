import type { Knex } from 'knex';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { conflict, invalidInput, notFound } from '../../../kernel/errors.js';
import type { PlaylistLibraryDeps } from '../playlist-library-deps.js';
import { playlistNotFound } from '../playlist-reader.js';
import { MAX_ITEMS, type ItemInput, type ItemPatch, type PlaylistDetail } from '../playlist-schemas.js';
import { assertPlayable, itemValues, storedValues } from './item-rules.js';

type Deps = Pick<
  PlaylistLibraryDeps,
  'db' | 'playlistsRepository' | 'playlistItemsRepository' | 'mediaLibrary' | 'playlistReader' | 'playlistLibrary' | 'auditLog' | 'settingsService'
>;

const itemNotFound = () => notFound('playlist_item_not_found', 'No such item in this playlist.');
const tooMany = () => invalidInput('playlist_validation_failed', `A playlist holds at most ${MAX_ITEMS} items.`, 'body');

/** A playlist's manual items: add, change, remove, order and replace them all. */
export class PlaylistItemsService {
  constructor(private readonly d: Deps) {}

  async add(actor: ConsolePrincipal, playlistId: string, input: ItemInput, ip: string): Promise<PlaylistDetail> {
    const { assetId, ...settings } = input;
    return this.change(actor, playlistId, ip, 'playlist.item_added', async (trx) => {
      const asset = await this.asset(assetId);
      assertPlayable(asset, 'body/assetId');
      if ((await this.d.playlistItemsRepository.list(playlistId, trx)).length >= MAX_ITEMS) throw tooMany();
      const id = await this.d.playlistItemsRepository.append(playlistId, itemValues(asset, settings, undefined, 'body', await this.imageDurationMs()), trx);
      return { itemId: id, assetId };
    });
  }

  async update(actor: ConsolePrincipal, playlistId: string, itemId: string, patch: ItemPatch, ip: string): Promise<PlaylistDetail> {
    return this.change(actor, playlistId, ip, 'playlist.item_updated', async (trx) => {
      const item = await this.d.playlistItemsRepository.byId(playlistId, itemId, trx);
      if (!item) throw itemNotFound();
      // The asset may have gone (deleted assets are refused while used, but archived-then-purged
      // rows can vanish); without it the type rules cannot be checked.
      const { assetId = item.asset_id, ...settings } = patch;
      const asset = await this.asset(assetId);
      assertPlayable(asset, assetId === item.asset_id ? 'body' : 'body/assetId');
      const values = itemValues(asset, settings, storedValues(item), 'body', await this.imageDurationMs());
      await this.d.playlistItemsRepository.update(playlistId, itemId, values, trx);
      return { itemId, fields: Object.keys(patch) };
    });
  }

  async remove(actor: ConsolePrincipal, playlistId: string, itemId: string, ip: string): Promise<PlaylistDetail> {
    return this.change(actor, playlistId, ip, 'playlist.item_removed', async (trx) => {
      if (!(await this.d.playlistItemsRepository.delete(playlistId, itemId, trx))) throw itemNotFound();
      return { itemId };
    });
  }

  async reorder(actor: ConsolePrincipal, playlistId: string, itemIds: string[], ip: string): Promise<PlaylistDetail> {
    return this.change(actor, playlistId, ip, 'playlist.items_reordered', async (trx) => {
      const current = new Set((await this.d.playlistItemsRepository.list(playlistId, trx)).map((i) => i.id));
      const given = new Set(itemIds);
      if (given.size !== itemIds.length || given.size !== current.size || itemIds.some((id) => !current.has(id))) {
        throw invalidInput('playlist_validation_failed', 'itemIds must name every item of the playlist exactly once.', 'body/itemIds');
      }
      await this.d.playlistItemsRepository.reorder(playlistId, itemIds, trx);
      return { count: itemIds.length };
    });
  }

  /** Replaces every manual item at once, in the given order; all are checked before any is written. */
  async replaceAll(actor: ConsolePrincipal, playlistId: string, items: ItemInput[], ip: string): Promise<PlaylistDetail> {
    if (items.length > MAX_ITEMS) throw tooMany();
    return this.change(actor, playlistId, ip, 'playlist.items_replaced', async (trx) => {
      const values = [];
      const assets = await this.d.mediaLibrary.summaries(items.map((i) => i.assetId));
      const imageDurationMs = await this.imageDurationMs();
      for (const [i, { assetId, ...settings }] of items.entries()) {
        const asset = assets.get(assetId);
        assertPlayable(asset, `body/items/${i}/assetId`);
        values.push(itemValues(asset, settings, undefined, `body/items/${i}`, imageDurationMs));
      }
      await this.d.playlistItemsRepository.replaceAll(playlistId, values, trx);
      return { count: items.length };
    });
  }

  // The player module's setting: what screens show an image for unless told otherwise.
  private async imageDurationMs(): Promise<number> {
    return (await this.d.settingsService.get<number>('player.playback.default_image_duration_seconds')) * 1000;
  }

  private async asset(id: string) {
    return (await this.d.mediaLibrary.summaries([id])).get(id);
  }

  /**
   * One item change: in a transaction holding the playlist's row lock (so concurrent edits see one
   * order), bumping the revision; then the audit entry and the PlaylistsChanged event after commit.
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
      const playlist = await this.d.playlistsRepository.byId(playlistId, trx);
      // While the rule fills the playlist, manual edits would be silently shadowed; refuse them instead.
      if (playlist?.tag_rule?.enabled) throw conflict('playlist_tag_rule_active', 'The tag rule fills this playlist; disable it to edit items by hand.');
      const done = await work(trx);
      await this.d.playlistsRepository.change(playlistId, {}, trx);
      await this.d.playlistLibrary.changed([playlistId], trx);
      return done;
    });
    await this.d.auditLog.record({ action, actor, ip, resourceType: 'playlist', resourceId: playlistId, metadata });
    return this.d.playlistReader.get(playlistId);
  }
}
