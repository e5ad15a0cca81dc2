import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { AssignmentSchema } from './playlist-schemas.js';
import type { PlaylistsDeps } from './playlists-deps.js';
import { IdParams, Uuid } from '../../kernel/http/wire.js';

const route = routeFor<PlaylistsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['playlists', 'screens'];

export const assignmentsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/playlist-assignment',
    operationId: 'getScreenPlaylistAssignment',
    summary: "A screen's playlist (null when none is assigned)",
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`screen_not_found`.' },
    response: { status: 200, schema: AssignmentSchema },
    handler: ({ deps, params }) => deps.assignmentsService.get(params.id),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/screens/{id}/playlist-assignment',
    operationId: 'assignScreenPlaylist',
    summary: 'Assign a playlist to a screen, replacing any other',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ playlistId: Uuid }),
    errors: { 404: '`screen_not_found`, `playlist_not_found`.' },
    response: { status: 200, schema: AssignmentSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.assignmentsService.assign(me(principal), params.id, body.playlistId, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/screens/{id}/playlist-assignment',
    operationId: 'unassignScreenPlaylist',
    summary: "Remove a screen's playlist",
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: '`screen_not_found`.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.assignmentsService.unassign(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
];
