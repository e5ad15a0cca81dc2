import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { IdParams, Uuid } from '../../../kernel/http/wire.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import type { DisplayControlDeps } from './display-control-deps.js';
import { GROUP_DISPLAY_COMMANDS } from './display-control.service.js';

const route = routeFor<DisplayControlDeps>();
const tags = ['screen-groups'];
const CommandType = Type.Union(
  Object.keys(GROUP_DISPLAY_COMMANDS).map((c) => Type.Literal(c as keyof typeof GROUP_DISPLAY_COMMANDS)),
  { description: 'Power needs the `power` capability, mute the `mute` capability, as players report them.' },
);
const Fingerprint = Type.String({ pattern: '^[0-9a-f]{64}$' });

const MemberSchema = Type.Object({
  screenId: Uuid,
  name: Type.String(),
  provider: Type.String(),
  capabilities: Type.Record(Type.String(), Type.String()),
  supported: Type.Boolean(),
  eligible: Type.Boolean(),
  reason: Type.Optional(Type.String()),
});
const Counts = {
  groupId: Uuid,
  commandType: CommandType,
  selectedCount: Type.Integer(),
  supportedCount: Type.Integer(),
  unsupportedCount: Type.Integer(),
};

export const displayControlRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/screen-groups/{id}/display-control/preview',
    operationId: 'previewScreenGroupDisplayControl',
    summary: 'Which members can take a display command, why the others cannot, and a fingerprint to apply it with',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    query: Type.Object({ commandType: CommandType }),
    errors: { 404: '`schedule_not_found` (no such group).' },
    response: {
      status: 200,
      schema: Type.Object({ ...Counts, groupName: Type.String(), eligibleCount: Type.Integer(), fingerprint: Fingerprint, screens: Type.Array(MemberSchema) }),
    },
    handler: ({ deps, params, query }) => deps.displayControlService.preview(params.id, query.commandType),
  }),
  route({
    method: 'POST',
    path: '/api/v1/screen-groups/{id}/display-control',
    operationId: 'applyScreenGroupDisplayControl',
    summary: 'Queue the display command for every eligible member, as the preview with this fingerprint showed',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ commandType: CommandType, fingerprint: Fingerprint }),
    errors: { 404: '`schedule_not_found` (no such group).', 409: '`display_control_preview_stale`: members or their capabilities changed since the preview.' },
    response: {
      status: 202,
      schema: Type.Object({
        ...Counts,
        queuedCount: Type.Integer(),
        failedCount: Type.Integer(),
        results: Type.Array(
          Type.Object({
            screenId: Uuid,
            name: Type.String(),
            state: Type.Union([Type.Literal('queued'), Type.Literal('skipped'), Type.Literal('failed')]),
            reason: Type.Optional(Type.String()),
            id: Type.Optional(Uuid),
          }),
        ),
      }),
    },
    handler: async ({ deps, params, body, principal, ctx }) =>
      reply(202, await deps.displayControlService.apply(principal as ConsolePrincipal, params.id, body.commandType, body.fingerprint, ctx.ip)),
  }),
];
