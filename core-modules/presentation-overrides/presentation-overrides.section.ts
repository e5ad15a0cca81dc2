import { Type, type Static } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import type { Claim, ManifestSection } from '../player/player.api.js';

const Opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);

/** A quick presentation as players hold it: it plays above the schedules from `startedAt` until `expiresAt` (or until stopped). */
export const ManifestOverrideSchema = Type.Object({
  id: Uuid,
  contentType: Type.String({ description: '`playlist`, `layout` or `asset`.' }),
  contentId: Uuid,
  contentName: Type.String(),
  startedAt: Stamp,
  expiresAt: Opt(Stamp),
  /** What plays: the playlist (an asset plays as a playlist of that one item, listed in `playlists`)… */
  playlistId: Opt(Uuid),
  /** …or the layout (listed in `layouts`). */
  layoutId: Opt(Uuid),
  wakeDisplay: Type.Boolean(),
});
export type ManifestOverride = Static<typeof ManifestOverrideSchema>;

declare module '../player/player.api.js' {
  interface ManifestSections {
    /** The quick presentation on the screen, if one is running. */
    presentationOverride: ManifestOverride;
  }
}

export const overrideSection: ManifestSection<'presentationOverride'> = {
  name: 'presentationOverride',
  schema: ManifestOverrideSchema,
  merge: 'override',
  // From its start until its expiry; one until stopped always holds once started.
  claims: (o, source): Claim[] => [
    {
      source: source.name,
      rank: source.rank,
      id: o.id,
      content: o.layoutId ? { layoutId: o.layoutId } : { playlistId: o.playlistId! },
      ...(o.expiresAt ? { windows: [{ start: Date.parse(o.startedAt), end: Date.parse(o.expiresAt) }] } : {}),
    },
  ],
};
