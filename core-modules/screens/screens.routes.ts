import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { routeFor } from '../../kernel/plugin.js';
import { SCREEN_STATUSES } from './screen-status.js';
import { PlayerHistorySchema, ScreenSchema } from './screen-view.js';
import type { ScreensServiceDeps } from './screens-service-deps.js';
import { IdParams, MAX_PAGE_SIZE, PageOf, Uuid, pageQuery } from '../../kernel/http/wire.js';

const route = routeFor<ScreensServiceDeps>();

/** The reference's console sends a screen's whole description, leaving locationId out for "no location". */
const wholeDescription = <B extends { name?: string; description?: string; roomName?: string; roomNumber?: string; locationId?: string | null }>(body: B): B =>
  [body.name, body.description, body.roomName, body.roomNumber].every((v) => v !== undefined) && body.locationId === undefined
    ? { ...body, locationId: null }
    : body;
const me = (p: unknown) => p as ConsolePrincipal;
const NOT_FOUND = { 404: '`screen_not_found`.' };

export const screensRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/screens',
    operationId: 'listScreens',
    summary: 'Screens, with their derived status',
    description: 'Status is computed on read; contact recorded on another server process may show up to ~2 s late.',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({
      status: Type.Optional(Type.Union(SCREEN_STATUSES.map((s) => Type.Literal(s)))),
      locationId: Type.Optional(Uuid),
      search: Type.Optional(Type.String({ maxLength: 120, description: 'Matches name, description, room, location and model.' })),
      // The reference's console reads the list unpaged (its server answers every screen): as many as a page may hold.
      ...pageQuery(MAX_PAGE_SIZE),
    }),
    response: {
      status: 200,
      schema: PageOf(ScreenSchema),
    },
    handler: ({ deps, query }) => deps.screensService.list(query),
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}',
    operationId: 'getScreen',
    summary: 'One screen',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: ScreenSchema },
    handler: ({ deps, params }) => deps.screensService.get(params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/screens/{id}',
    operationId: 'updateScreen',
    summary: 'Rename a screen or change where it stands',
    description:
      'Fields left out stay as they are, but for one case: a body with the whole description (name, description, roomName and roomNumber) ' +
      'and no locationId clears the location, as the reference’s console sends “no location”.',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({
      name: Type.Optional(Type.String({ minLength: 2, maxLength: 120 })),
      description: Type.Optional(Type.String({ maxLength: 1000 })),
      locationId: Type.Optional(Type.Union([Uuid, Type.Null()])),
      roomName: Type.Optional(Type.String({ maxLength: 120 })),
      roomNumber: Type.Optional(Type.String({ maxLength: 80 })),
    }),
    errors: { ...NOT_FOUND, 422: '`validation_failed`, `location_not_found`.' },
    response: { status: 200, schema: ScreenSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.screensService.update(me(principal), params.id, wholeDescription(body), ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/player-history',
    operationId: 'listScreenPlayerHistory',
    summary: 'The players (hardware and credentials) that have served this screen, newest first',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: Type.Object({ items: Type.Array(PlayerHistorySchema), total: Type.Integer() }) },
    handler: ({ deps, params }) => deps.screensService.playerHistory(params.id),
  }),
];
