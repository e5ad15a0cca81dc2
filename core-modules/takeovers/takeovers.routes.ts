import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, Uuid } from '../../kernel/http/wire.js';
import { type RateLimitRule, reply, routeFor } from '../../kernel/plugin.js';
import { TakeoverDetailSchema, TakeoverSchema } from './takeover-view.js';
import type { TakeoversDeps } from './takeovers-deps.js';
import { MAX_TARGETS } from './takeovers.service.js';

const route = routeFor<TakeoversDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['takeovers'];

/** The reference's operations limit: 60 a minute for each user. */
export const OPERATIONS_LIMIT: RateLimitRule = { bucket: 'operations', limit: 60, windowSeconds: 60, by: 'ip+principal' };

const Ids = (description: string) => Type.Array(Uuid, { maxItems: MAX_TARGETS, description });

export const takeoversRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/takeovers',
    operationId: 'listTakeovers',
    summary: 'Takeovers, newest first (the last 100), with per-screen counts',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(TakeoverSchema), total: Type.Integer({ minimum: 0 }) }) },
    handler: ({ deps }) => deps.takeoverConsole.list(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/takeovers',
    operationId: 'activateTakeover',
    summary: 'Put a playlist over everything else on screens and groups until it expires or is cancelled',
    description:
      'Starts at once. Screens another takeover holds move to this one (a takeover left with none ends, replaced). Connected players are told at once ' +
      '(`takeover.changed`, then `manifest.changed`); a screen that is offline gets it with its next manifest. Unknown screen and group ids are left out.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    rateLimit: OPERATIONS_LIMIT,
    body: Type.Object({
      name: Type.String({ maxLength: 180 }),
      description: Type.Optional(Type.String({ maxLength: 2000 })),
      playlistId: Uuid,
      screenIds: Type.Optional(Ids('Screens to take; with `groupIds`, 1–250 targets.')),
      groupIds: Type.Optional(Ids('Groups whose members to take.')),
      expiresAt: Type.String({ format: 'date-time', description: 'In the future and within `takeover.maximum_duration_minutes`.' }),
      password: Type.Optional(
        Type.String({ maxLength: 1024, description: 'The caller’s current password, needed when `takeover.reauthentication_required` is on.' }),
      ),
    }),
    errors: {
      401: '`reauthentication_required`: the setting asks for the caller’s password and it was missing or wrong.',
      422: '`takeover_target_required` (0 or over 250 targets, or none with a screen), `takeover_duration_exceeded`, `takeover_playlist_not_ready` (no such playlist, or nothing in it plays now), `validation_failed`.',
    },
    response: { status: 201, schema: TakeoverSchema },
    handler: async ({ deps, body, principal, ctx }) => reply(201, await deps.takeoverConsole.create(me(principal), body, ctx.ip)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/takeovers/{id}',
    operationId: 'getTakeover',
    summary: 'One takeover with each screen it took and what that screen’s player reports',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`takeover_not_found`.' },
    response: { status: 200, schema: TakeoverDetailSchema },
    handler: ({ deps, params }) => deps.takeoverConsole.get(params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/takeovers/{id}/cancel',
    operationId: 'cancelTakeover',
    summary: 'End a takeover now: its screens return to what they played before',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 1000 })) }),
    errors: { 404: '`takeover_not_found`.', 409: '`takeover_expired`: it already ended.' },
    response: { status: 200, schema: TakeoverSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.takeoverConsole.cancel(me(principal), params.id, body.reason, ctx.ip),
  }),
];
