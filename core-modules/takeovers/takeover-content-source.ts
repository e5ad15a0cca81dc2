import { type ContentSource, switchedTo } from '../player/player.api.js';
import type { ManifestTakeover } from './takeovers.section.js';
import type { TakeoversBaseDeps } from './takeovers-base-deps.js';

/** Above quick present (400), schedules (300), a screen's own assignment (100) and its group's (90). */
export const TAKEOVER_RANK = 500;
export const TAKEOVER_SOURCE = 'takeovers.takeover';

type Deps = Pick<TakeoversBaseDeps, 'takeoversRepository' | 'contentKinds'>;

/**
 * The takeover holding each screen (the newest, when a race left two): its section, duplicated
 * under the pre-rename name, and its playlist with the files. Keyed by the takeover and its expiry,
 * so every screen it holds shares one build, and an extension rebuilds them.
 */
export function takeoverContentSource(d: Deps): ContentSource {
  return {
    name: TAKEOVER_SOURCE,
    rank: TAKEOVER_RANK,
    plugin: 'takeovers',
    async keysFor(screenIds) {
      const holding = await d.takeoversRepository.holding(screenIds);
      return new Map(holding.map((h) => [h.screen_id, `${h.takeover_id}@${h.expires_at.getTime()}`]));
    },
    async content(key, memo) {
      const row = await memo.once(`takeover:${key}`, () => d.takeoversRepository.byId(key.split('@')[0]!));
      if (row?.status !== 'active') return undefined;
      const played = await d.contentKinds.content({ contentType: 'playlist', contentId: row.playlist_id }, memo);
      if (!played) return undefined;
      const takeover: ManifestTakeover = {
        id: row.id,
        playlistId: row.playlist_id,
        activatedAt: row.activated_at.toISOString(),
        expiresAt: row.expires_at.toISOString(),
      };
      return { ...switchedTo(played), takeover, emergency: takeover };
    },
  };
}
