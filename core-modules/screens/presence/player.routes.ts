import { Type } from '@sinclair/typebox';
import type { PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { routeFor } from '../../../kernel/plugin.js';
import { HeartbeatAckSchema, HeartbeatSchema } from './heartbeat-schema.js';
import type { PresenceDeps } from './presence.part.js';

const route = routeFor<PresenceDeps>();
const player = (p: unknown) => p as PlayerPrincipal;

export const playerRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/player/heartbeat',
    operationId: 'playerHeartbeat',
    summary: 'The player reports its state (when its socket is down, or to hand over noise history)',
    description:
      'All fields optional. Declared fields are type-checked; other lowerCamelCase fields are accepted and stored as sent, so newer players keep ' +
      'reporting. A malformed playback identifier is dropped and listed in ignoredFields; a malformed lastCommandId or currentUpdateDeploymentId ' +
      'is refused with 400 invalid_request.',
    tags: ['player'],
    auth: { kind: 'player' },
    body: HeartbeatSchema,
    errors: { 400: '`invalid_request`.' },
    response: { status: 200, schema: HeartbeatAckSchema },
    handler: ({ deps, body, principal, ctx }) =>
      deps.heartbeatService.acceptWithExtensions(player(principal), body as Record<string, unknown>, ctx.ip, ctx.request.length),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player/liveness',
    operationId: 'playerLiveness',
    summary: 'The player is alive (contact time only; takes no body or `{}`)',
    tags: ['player'],
    auth: { kind: 'player' },
    response: { status: 200, schema: Type.Object({ accepted: Type.Literal(true) }) },
    handler: ({ deps, principal, ctx }) => deps.heartbeatService.liveness(player(principal), ctx.ip),
  }),
];
