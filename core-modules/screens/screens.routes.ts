import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { CLOCK, PowerAssistSchema, ReliabilitySchema } from './reliability.service.js';
import { SCREEN_STATUSES } from './screen-status.js';
import { PlayerHistorySchema, ScreenSchema } from './screen-view.js';
import type { ScreensDeps } from './screens-deps.js';
import { IdParams, PageOf, Uuid, pageQuery } from '../../kernel/http/wire.js';

const route = routeFor<ScreensDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const NOT_FOUND = { 404: '`screen_not_found`.' };

/** POST /screens/{id}/disable and /enable differ only in the flag they set. */
const accessRoute = (verb: 'disable' | 'enable', summary: string) =>
  route({
    method: 'POST',
    path: `/api/v1/screens/{id}/${verb}`,
    operationId: `${verb}Screen`,
    summary,
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.screenAccessService.setEnabled(me(principal), params.id, verb === 'enable', ctx.ip);
      return reply(204);
    },
  });

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
      ...pageQuery(50),
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
    handler: ({ deps, params, body, principal, ctx }) => deps.screensService.update(me(principal), params.id, body, ctx.ip),
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
  accessRoute('disable', 'Stop a screen’s player (reversible; it keeps its credential and sees 403 screen_disabled)'),
  accessRoute('enable', 'Let a disabled screen’s player back in'),
  route({
    method: 'POST',
    path: '/api/v1/screens/{id}/revoke',
    operationId: 'revokeScreen',
    summary: 'Revoke the screen’s credential for good and close its socket; the player must pair again',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }),
    errors: NOT_FOUND,
    response: { status: 204 },
    handler: async ({ deps, params, body, principal, ctx }) => {
      await deps.screenAccessService.revoke(me(principal), params.id, body.reason, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/reliability',
    operationId: 'getScreenReliability',
    summary: 'How dependably the screen has been in touch over the last 24 hours',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: ReliabilitySchema },
    handler: ({ deps, params }) => deps.reliabilityService.reliability(params.id),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/screens/{id}/power-assist',
    operationId: 'setScreenPowerAssist',
    summary: 'Set when the screen’s display sleeps and wakes each day',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({
      enabled: Type.Boolean(),
      sleepAt: Type.Optional(Type.Union([Type.String({ pattern: CLOCK }), Type.Null()], { description: 'HH:MM, 24-hour clock. Required when enabled.' })),
      wakeAt: Type.Optional(Type.Union([Type.String({ pattern: CLOCK }), Type.Null()], { description: 'HH:MM, 24-hour clock. Required when enabled.' })),
      timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone; defaults to the screen’s own, else UTC.' })),
    }),
    errors: { ...NOT_FOUND, 422: '`validation_failed`, `power_assist_invalid`, `invalid_timezone`.' },
    response: { status: 200, schema: PowerAssistSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.reliabilityService.setPowerAssist(me(principal), params.id, body, ctx.ip),
  }),
];
