import { Type, type Static } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import type { ManifestSection } from '../player/player.api.js';

/** A takeover as players hold it: its playlist plays over everything else from `activatedAt` until `expiresAt`, offline too. */
export const ManifestTakeoverSchema = Type.Object({
  id: Uuid,
  playlistId: Uuid,
  activatedAt: Stamp,
  expiresAt: Stamp,
});
export type ManifestTakeover = Static<typeof ManifestTakeoverSchema>;

declare module '../player/player.api.js' {
  interface ManifestSections {
    /** The takeover holding the screen; its playlist is among `playlists`. */
    takeover: ManifestTakeover;
    /** The same, under the name players before the rename read. */
    emergency: ManifestTakeover;
  }
}

export const takeoverSection: ManifestSection<'takeover'> = {
  name: 'takeover',
  schema: ManifestTakeoverSchema,
  merge: 'override',
  // Above every other source while its window holds.
  claims: (t, source) => [
    {
      source: source.name,
      rank: source.rank,
      id: t.id,
      content: { playlistId: t.playlistId },
      windows: [{ start: Date.parse(t.activatedAt), end: Date.parse(t.expiresAt) }],
    },
  ],
};

/** The pre-rename name, for players that read only it; it claims nothing of its own. */
export const emergencySection: ManifestSection<'emergency'> = {
  name: 'emergency',
  schema: { ...ManifestTakeoverSchema, description: 'The same as `takeover` (the name older players read).' },
  merge: 'override',
};
