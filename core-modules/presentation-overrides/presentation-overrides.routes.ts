import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, Uuid } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { OverrideSchema } from './override-view.js';
import type { PresentationOverridesDeps } from './presentation-overrides-deps.js';

const route = routeFor<PresentationOverridesDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['presentation-overrides'];
const L = <T extends string | number>(v: T) => Type.Literal(v);

export const presentationOverridesRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/presentation-overrides',
    operationId: 'listPresentationOverrides',
    summary: 'The quick presentations running now, newest first (the last 100)',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(OverrideSchema), total: Type.Integer({ minimum: 0 }) }) },
    handler: ({ deps }) => deps.presentationOverridesService.list(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/presentation-overrides',
    operationId: 'createPresentationOverride',
    summary: 'Quick present: show a playlist, a layout or one asset on a screen or a group now, above its schedules',
    description:
      'For 5, 15, 30 or 60 minutes, or until stopped (0). Players return to their schedules at the expiry by themselves; `wakeDisplay` asks them to wake a sleeping display. ' +
      'A takeover still plays over it.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    body: Type.Object({
      targetType: Type.Union([L('screen'), L('group')]),
      targetId: Uuid,
      contentType: Type.Union([L('playlist'), L('layout'), L('asset')]),
      contentId: Uuid,
      durationMinutes: Type.Union([L(0), L(5), L(15), L(30), L(60)], { description: 'Minutes; 0 runs until stopped.' }),
      afterAction: Type.Optional(L('resume')),
      wakeDisplay: Type.Optional(Type.Boolean()),
    }),
    errors: {
      404: '`presentation_target_not_found`; `playlist_not_found`, `layout_not_found` for content that does not exist.',
      409: '`presentation_conflict`: another quick presentation runs on one of the screens, a takeover holds one, or the group has none.',
      422: '`asset_not_found` (no such asset that plays now), `layout_not_published`, `validation_failed`.',
    },
    response: { status: 201, schema: OverrideSchema },
    handler: async ({ deps, body, principal, ctx }) => reply(201, await deps.presentationOverridesService.create(me(principal), body, ctx.ip)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/presentation-overrides/{id}/stop',
    operationId: 'stopPresentationOverride',
    summary: 'Stop a quick presentation now: its screens return to their schedules',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }),
    errors: { 404: '`presentation_not_found`: no such session, or it already ended.' },
    response: { status: 200, schema: OverrideSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.presentationOverridesService.stop(me(principal), params.id, body.reason, ctx.ip),
  }),
];
