import { type TObject, Type } from '@sinclair/typebox';
import type { PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { routeFor } from '../../../kernel/plugin.js';
import type { HeartbeatExtensions } from './heartbeat-extensions.js';
import { HeartbeatAckSchema, HeartbeatSchema } from './heartbeat-schema.js';
import type { PresenceDeps } from './presence-deps.js';

const route = routeFor<PresenceDeps>();
const player = (p: unknown) => p as PlayerPrincipal;

/**
 * The heartbeat's answer schema is composed from the kernel's heartbeat extensions (their answer
 * fields) when the routes are built, after every module's start hook has registered.
 */
export const playerRoutes = (extensions: HeartbeatExtensions) => {
  let answer: TObject | undefined;
  return [
    route({
      method: 'POST',
      path: '/api/v1/player/heartbeat',
      operationId: 'playerHeartbeat',
      summary: 'The player reports its state (when its socket is down, or to hand over noise history)',
      description:
        'All fields optional. Declared fields are type-checked; other lowerCamelCase fields are accepted and stored as sent, so newer players keep ' +
        'reporting. A malformed playback identifier is dropped and listed in ignoredFields; a malformed lastCommandId or currentUpdateDeploymentId ' +
        'is refused (422 validation_failed, as any field of the wrong type).',
      tags: ['player'],
      auth: { kind: 'player' },
      body: HeartbeatSchema,
      errors: { 400: '`invalid_request`.' },
      response: {
        status: 200,
        get schema() {
          answer ??= extensions.answerSchema(HeartbeatAckSchema);
          return answer;
        },
      },
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
};
