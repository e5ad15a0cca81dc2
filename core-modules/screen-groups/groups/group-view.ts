import { CloneType, type Static, Type } from '@sinclair/typebox';
import { Uuid, Stamp } from '../../../kernel/http/wire.js';
import { wireField } from '../../player/player.api.js';
import { groupContent } from '../groups.repository.js';
import type { GroupRow } from '../screen-groups.models.js';

export const GroupSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  description: Type.String(),
  displayMode: Type.Union([Type.Literal('mirror'), Type.Literal('span')]),
  /** Present while the group has a playlist its members play when they have none of their own. */
  playlistId: Type.Optional(Uuid),
  /** Present while the group has a layout its members play when they have none of their own. */
  layoutId: Type.Optional(Uuid),
  /** The name of the group's playlist, layout or other content. */
  playlistName: Type.Optional(Type.String()),
  /** The layout's name, when the group's content is a layout. */
  layoutName: Type.Optional(Type.String()),
  presentationType: Type.Optional(Type.String({ description: 'The kind of the group’s content: `playlist`, `layout`, …' })),
  presentationGatewayScreenId: Type.Optional(CloneType(Uuid, { description: 'The member preferred as the group’s presentation gateway, if one is.' })),
  /** Members synchronise playback from this instant; it moves when the group's playlist changes. */
  playbackEpoch: Stamp,
  membershipCount: Type.Integer({ minimum: 0 }),
  screens: Type.Array(Type.Object({ id: Uuid, name: Type.String(), location: Type.String() })),
  createdAt: Stamp,
  updatedAt: Stamp,
});
export type GroupView = Static<typeof GroupSchema>;

export function groupView(row: GroupRow, members: { id: string; name: string; location: string }[], contentName: string | undefined): GroupView {
  const content = groupContent(row);
  const gateway = row.presentation_gateway_screen_id;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    displayMode: row.display_mode,
    // The reference leaves out the field of the kind not played.
    ...(content ? { ...wireField(content), presentationType: content.contentType } : {}),
    ...(content && contentName !== undefined ? { playlistName: contentName } : {}),
    ...(content?.contentType === 'layout' && contentName !== undefined ? { layoutName: contentName } : {}),
    ...(gateway && members.some((m) => m.id === gateway) ? { presentationGatewayScreenId: gateway } : {}),
    playbackEpoch: row.playback_epoch.toISOString(),
    membershipCount: members.length,
    screens: members,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
