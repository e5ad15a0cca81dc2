import { type Static, Type } from '@sinclair/typebox';
import { Uuid, Stamp } from '../../kernel/http/wire.js';
import type { GroupRow } from './groups.repository.js';

export const GroupSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  displayMode: Type.Union([Type.Literal('mirror'), Type.Literal('span')]),
  /** Present while the group has a playlist its members play when they have none of their own. */
  playlistId: Type.Optional(Uuid),
  playlistName: Type.Optional(Type.String()),
  presentationType: Type.Optional(Type.Literal('playlist')),
  /** Members synchronise playback from this instant; it moves when the group's playlist changes. */
  playbackEpoch: Stamp,
  membershipCount: Type.Integer({ minimum: 0 }),
  screens: Type.Array(Type.Object({ id: Uuid, name: Type.String(), location: Type.String() })),
  createdAt: Stamp,
  updatedAt: Stamp,
});
export type GroupView = Static<typeof GroupSchema>;

export function groupView(row: GroupRow, members: { id: string; name: string; location: string }[], playlistName: string | undefined): GroupView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    displayMode: row.display_mode,
    ...(row.playlist_id ? { playlistId: row.playlist_id, presentationType: 'playlist' as const } : {}),
    ...(row.playlist_id && playlistName !== undefined ? { playlistName } : {}),
    playbackEpoch: row.playback_epoch.toISOString(),
    membershipCount: members.length,
    screens: members,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
