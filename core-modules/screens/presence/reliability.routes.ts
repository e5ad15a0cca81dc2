import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { IdParams } from '../../../kernel/http/wire.js';
import { routeFor } from '../../../kernel/plugin.js';
import type { PresenceDeps } from './presence-deps.js';
import { CLOCK, PowerAssistSchema, ReliabilitySchema } from './reliability.service.js';

const route = routeFor<PresenceDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const NOT_FOUND = { 404: '`screen_not_found`.' };

/** How dependably a screen keeps in touch, and when its display sleeps. */
export const reliabilityRoutes = [
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
