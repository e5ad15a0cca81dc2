import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import { IdParams } from '../../../kernel/http/wire.js';
import { ContentChoiceSchema, refFromWire } from '../../player/player.api.js';
import { AssignmentSchema } from '../playlist-schemas.js';
import type { AssignmentsDeps } from './assignments-deps.js';

const route = routeFor<AssignmentsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['playlists', 'screens'];

export const assignmentsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/playlist-assignment',
    operationId: 'getScreenPlaylistAssignment',
    summary: "A screen's playlist or layout (both null when none is assigned)",
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
    summary: 'Assign a playlist (or another kind of content) to a screen, replacing any other',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object(ContentChoiceSchema),
    errors: {
      404: '`screen_not_found`, `playlist_not_found`.',
      422: '`validation_failed` (not exactly one of `playlistId` and `layoutId`), `content_type_unsupported` (no layouts on this server).',
    },
    response: { status: 200, schema: AssignmentSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.assignmentsService.assign(me(principal), params.id, refFromWire(body), ctx.ip),
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
