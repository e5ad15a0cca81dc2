import { createHash } from 'node:crypto';
import { invalidInput } from '../../kernel/errors.js';
import type { ContentKind } from '../player/player.api.js';
import { playlistContent } from './playlist-content.js';
import type { PlaylistLibraryDeps } from './playlist-library-deps.js';
import { DEFAULTS } from './items/item-rules.js';

type Deps = Pick<PlaylistLibraryDeps, 'mediaLibrary'>;

/** Seconds an image or a page shows when played alone (the reference's quick-present item). */
const STILL_MS = 10_000;

// A stable id derived from the asset's, for the one item: the same asset gives the same manifest.
const derivedId = (assetId: string, what: string) => {
  const h = createHash('sha256').update(`${what}:${assetId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * A single asset as a kind of content screens are given (quick present): it plays as a playlist of
 * that one item (full screen, its own length for a video, ten seconds for anything else), whose id
 * is the asset's. Only what can be played now can be given (404 `asset_not_found` otherwise).
 */
export function assetKind(d: Deps): ContentKind {
  return {
    type: 'asset',
    plugin: 'playlists',
    inUseCode: 'asset_in_use',
    async check(ids) {
      const playable = await d.mediaLibrary.playable(ids);
      if (ids.some((id) => !playable.has(id))) throw invalidInput('asset_not_found', 'No such asset that can be played now.', 'body/contentId');
    },
    names: async (ids) => new Map([...(await d.mediaLibrary.summaries(ids))].map(([id, s]) => [id, s.name])),
    content: (id, memo) =>
      memo.batched('playlists.asset', id, async (ids) => {
        const [playable, summaries] = await Promise.all([d.mediaLibrary.playable(ids), d.mediaLibrary.summaries(ids)]);
        return new Map(
          [...playable].map(([assetId, asset]) => {
            const video = asset.assetType === 'video';
            const item = {
              id: derivedId(assetId, 'item'),
              source: 'manual' as const,
              assetId,
              position: 0,
              durationMs: video ? null : STILL_MS,
              fitMode: 'contain' as const,
              transition: 'none' as const,
              audioEnabled: video,
              volume: DEFAULTS.volume,
              deliveryPolicy: DEFAULTS.delivery_policy,
              usePlayerDefaults: false,
            };
            const playlist = { id: assetId, revision: 1, name: summaries.get(assetId)?.name ?? '', items: [item] };
            return [assetId, playlistContent(playlist, playable, new Map())] as const;
          }),
        );
      }),
  };
}
