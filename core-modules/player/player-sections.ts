import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from '../../kernel/http/wire.js';
import type { ManifestSection } from './manifest-sections.js';
import { ManifestPlaylistSchema, type ManifestPlaylist } from './manifest-schema.js';
import { playsCrossfade, type PlayerProfile } from './player-profiles.js';

// The sections of what plays, which every family fills (an assignment's playlist, a schedule's, a
// takeover's): the player's own. Websites are typed as the reference players
// read them and sent empty until the modules that fill them come; such a module then takes its
// section's registration into its own folder.

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

/** A website asset as players open it (the players' `ManifestWebsite`). */
export const ManifestWebsiteSchema = Type.Object({
  assetId: Uuid,
  name: Type.String(),
  url: Type.String({ maxLength: 2048 }),
  /** 1–25 hosts the page may navigate within. */
  allowedHosts: Type.Array(Type.String(), { minItems: 1, maxItems: 25 }),
  javascriptEnabled: Type.Boolean(),
  domStorageEnabled: Type.Boolean(),
  cookiePolicy: Type.String(),
  reloadPolicy: Type.String(),
  refreshIntervalSeconds: Opt(Type.Union([Type.Integer(), Type.Null()])),
  loadTimeoutSeconds: Type.Integer({ minimum: 1, maximum: 120 }),
  zoomPercent: Type.Integer({ minimum: 50, maximum: 200 }),
  scrollX: Type.Integer(),
  scrollY: Type.Integer(),
  customUserAgent: Opt(Type.String()),
  backgroundColor: Type.String(),
  /** `fallback_image`, `placeholder` or `skip`. */
  failureBehavior: Type.String(),
  fallbackImageAssetId: Opt(Type.Union([Uuid, Type.Null()])),
  fallbackVariantId: Opt(Type.Union([Uuid, Type.Null()])),
});

declare module './player.api.js' {
  interface ManifestLists {
    /** Every playlist the screen may switch to offline: the fallback, each schedule's, an override's. */
    playlists: ManifestPlaylist[];
    websites: Static<typeof ManifestWebsiteSchema>[];
  }
  interface ManifestSections {
    /** What the screen plays when nothing ranked above holds: its own playlist, else its group's. */
    playlist: ManifestPlaylist;
  }
}

/**
 * Schema 11 to 13 know `none` and `fade` (the Android player refuses a `crossfade` there); a player
 * that does not play a crossfade gets the fade every player supports, as the reference sends it.
 * Items that need a newer schema than the player's (`sinceSchema`) are left out for it.
 */
export function playableBy(playlist: ManifestPlaylist, player: PlayerProfile): ManifestPlaylist {
  const limited = playlist.items.some((i) => i.sinceSchema !== undefined);
  if (!limited && (playsCrossfade(player) || !playlist.items.some((i) => i.transition === 'crossfade'))) return playlist;
  const items = playlist.items.flatMap(({ sinceSchema, ...item }) => {
    // An item this player cannot play (a widget it does not draw) is left out, as an unplayable asset is.
    if (sinceSchema !== undefined && sinceSchema > player.schema) return [];
    return [item.transition === 'crossfade' && !playsCrossfade(player) ? { ...item, transition: 'fade' } : item];
  });
  return { ...playlist, items };
}

const playlistSection: ManifestSection<'playlist'> = {
  name: 'playlist',
  schema: ManifestPlaylistSchema,
  merge: 'fallback',
  // Always, unlike a schedule: the source's rank decides against the others.
  claims: (playlist, source) => [{ source: source.name, rank: source.rank, id: playlist.id, content: { playlistId: playlist.id } }],
  forPlayer: playableBy,
};

const playlistsSection: ManifestSection<'playlists'> = {
  name: 'playlists',
  schema: Type.Array(ManifestPlaylistSchema, {
    description: 'Every playlist the screen may switch to offline: the fallback and each that a schedule or override names.',
  }),
  merge: 'list',
  forPlayer: (playlists, player) => playlists.map((p) => playableBy(p, player)),
};

const list = <N extends 'websites'>(name: N, item: Parameters<typeof Type.Array>[0], description: string): ManifestSection<N> =>
  ({ name, schema: Type.Array(item, { description }), merge: 'list' }) as unknown as ManifestSection<N>;

/** The player's own sections, registered by the player module itself. */
export const playerSections = [playlistSection, playlistsSection, list('websites', ManifestWebsiteSchema, 'Website assets the screen may open.')] as const;
