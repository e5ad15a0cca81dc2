import { CloneType, Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { IdParams, librarySortQuery, PageOf, Uuid, pageQuery } from '../../../kernel/http/wire.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import { ContentChoiceSchema, refFromWire } from '../../player/player.api.js';
import { GroupSchema } from './group-view.js';
import type { GroupsDeps } from './groups-deps.js';

const route = routeFor<GroupsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['screen-groups'];
const NOT_FOUND = { 404: '`schedule_not_found` (no such group; the reference names its scheduling resources so).' };
const Name = Type.String({ minLength: 1, maxLength: 180 });
const Description = Type.String({ maxLength: 2000 });
const MemberParams = Type.Object({ id: Uuid, screenId: Uuid });

export const groupsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/screen-groups',
    operationId: 'listScreenGroups',
    summary: 'Screen groups with their playlist and members, by name or as sorted',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({
      ...pageQuery(50),
      search: Type.Optional(Type.String({ maxLength: 120, description: 'Part of the name, any case; blank matches all.' })),
      ...librarySortQuery('name'),
    }),
    response: { status: 200, schema: PageOf(GroupSchema) },
    handler: ({ deps, query }) => deps.groupsService.list(query.page, query.pageSize, query.search, query.sort),
  }),
  route({
    method: 'POST',
    path: '/api/v1/screen-groups',
    operationId: 'createScreenGroup',
    summary: 'Create a screen group (mirror mode, no members)',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    body: Type.Object({ name: Name, description: Type.Optional(Description) }),
    response: { status: 201, schema: GroupSchema },
    handler: async ({ deps, body, principal, ctx }) =>
      reply(201, await deps.groupsService.create(me(principal), { name: body.name, description: body.description ?? '' }, ctx.ip)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/screen-groups/{id}',
    operationId: 'getScreenGroup',
    summary: 'One screen group',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: GroupSchema },
    handler: ({ deps, params }) => deps.groupsService.get(params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/screen-groups/{id}',
    operationId: 'updateScreenGroup',
    summary: 'Rename a screen group, change its description or its preferred presentation gateway',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({
      name: Type.Optional(Name),
      description: Type.Optional(Description),
      presentationGatewayScreenId: Type.Optional(CloneType(Uuid, { description: 'A member screen to prefer as the presentation gateway.' })),
      clearPresentationGateway: Type.Optional(Type.Boolean({ description: 'Prefer no gateway (automatic choice); wins over `presentationGatewayScreenId`.' })),
    }),
    errors: { ...NOT_FOUND, 409: '`schedule_conflict`: the presentation gateway is not a member of the group.' },
    response: { status: 200, schema: GroupSchema },
    handler: ({ deps, params, body, principal, ctx }) =>
      deps.groupsService.update(
        me(principal),
        params.id,
        {
          name: body.name,
          description: body.description,
          gateway: body.clearPresentationGateway ? null : body.presentationGatewayScreenId,
        },
        ctx.ip,
      ),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/screen-groups/{id}',
    operationId: 'deleteScreenGroup',
    summary: 'Delete a screen group; its screens stay, keeping its playlist as their own when they have none',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.groupsService.delete(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/screen-groups/{id}/screens',
    operationId: 'addScreenGroupMember',
    summary: 'Add a screen to the group (a screen is in at most one group)',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ screenId: Uuid }),
    errors: {
      404: '`schedule_not_found` (no such group), `screen_not_found`.',
      409: '`schedule_conflict`: the screen is in another group.',
      422: '`display_control_unsupported`: display-control schedules target the group, and the screen does not run the Linux player.',
    },
    response: { status: 200, schema: GroupSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.groupsService.addMember(me(principal), params.id, body.screenId, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/screen-groups/{id}/screens/{screenId}',
    operationId: 'removeScreenGroupMember',
    summary: 'Remove a screen from the group; it keeps the group’s playlist as its own when it has none',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: MemberParams,
    errors: { 404: '`schedule_not_found`: no such group, or the screen is not in it.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.groupsService.removeMember(me(principal), params.id, params.screenId, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/screen-groups/{id}/playlist-assignment',
    operationId: 'assignScreenGroupPlaylist',
    summary: 'The playlist (or other content) the group’s members play when they have none of their own',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object(ContentChoiceSchema),
    errors: {
      404: '`schedule_not_found` (no such group), `playlist_not_found`.',
      422: '`validation_failed` (not exactly one of `playlistId` and `layoutId`), `content_type_unsupported` (no layouts on this server).',
    },
    response: { status: 200, schema: GroupSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.groupsService.assign(me(principal), params.id, refFromWire(body), ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/screen-groups/{id}/playlist-assignment',
    operationId: 'unassignScreenGroupPlaylist',
    summary: 'Remove the group’s playlist or other content',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: GroupSchema },
    handler: ({ deps, params, principal, ctx }) => deps.groupsService.unassign(me(principal), params.id, ctx.ip),
  }),
];
