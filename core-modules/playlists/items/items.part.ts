import { asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { ItemsDeps } from './items-deps.js';
import { PlaylistItemsService } from './playlist-items.service.js';

/** A playlist's manual items: their rules and service (their routes are the playlist's, in playlists.routes.ts). */
export const itemsPart: ModulePart<ItemsDeps> = (r) => {
  r.provide({ playlistItemsService: asFunction((d: ItemsDeps) => new PlaylistItemsService(d)).singleton() });
  // Assets in manual items cannot be deleted or archived (409 asset_in_use). Tag-rule items are
  // computed on read, so their assets simply drop out instead.
  r.onStart(({ assetUsage, playlistItemsRepository }) => {
    assetUsage.register((assetIds, trx) => playlistItemsRepository.usesOf(assetIds, trx));
  });
};
