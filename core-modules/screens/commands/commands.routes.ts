import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal, PlayerPrincipal } from '../../../kernel/auth/principal.js';
import { routeFor, type RateLimitRule } from '../../../kernel/plugin.js';
import type { CommandsDeps } from './commands-deps.js';
import { IdParams, Uuid, Stamp } from '../../../kernel/http/wire.js';

const route = routeFor<CommandsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const player = (p: unknown) => p as PlayerPrincipal;

const ScreenParams = Type.Object({ id: Uuid });
const CommandParams = Type.Object({ id: Uuid, commandId: Uuid });
const STATES = ['pending', 'delivered', 'acknowledged', 'succeeded', 'failed', 'cancelled', 'expired'] as const;
const State = Type.Union(STATES.map((s) => Type.Literal(s)));
const Timestamp = Stamp;
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
// Each type's payload shape is checked by the service (command-types.ts), so one route serves them all.
const Payload = Type.Unknown({ description: 'A JSON object of at most 2048 bytes; its fields depend on the type.' });
/** Fleet operations share one budget per administrator and address. */
const OPERATIONS: RateLimitRule = { bucket: 'operations', limit: 60, windowSeconds: 60, by: 'ip+principal' };

const CommandSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  payload: Payload,
  state: State,
  createdAt: Timestamp,
  expiresAt: Timestamp,
  deliveredAt: NullableTimestamp,
  acknowledgedAt: NullableTimestamp,
  completedAt: NullableTimestamp,
  resultCode: Type.Union([Type.String(), Type.Null()]),
  resultMessage: Type.Union([Type.String(), Type.Null()]),
});
const PlayerCommandSchema = Type.Object({
  id: Type.String(),
  type: Type.String(),
  payload: Payload,
  idempotencyKey: Type.Union([Type.String(), Type.Null()]),
  state: State,
  createdAt: Timestamp,
  expiresAt: Timestamp,
});
const StateSchema = Type.Object({ id: Type.String(), state: State });

export const commandsRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/screens/{id}/commands',
    operationId: 'queueScreenCommand',
    summary: 'Queue a remote command for the screen’s player',
    description:
      'The type must be on the allowlist. AirPlay and presentation-network commands have their own APIs (403), and so does ' +
      '`install_player_update`, which update deployments create (403 `update_deployment_api_required`). A repeated idempotencyKey ' +
      'answers with the command it first created. A disabled screen, or one without an active credential, cannot fetch commands and ' +
      'is refused with 409 `screen_unavailable`. Commands expire after 10 minutes.',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    rateLimit: OPERATIONS,
    params: ScreenParams,
    body: Type.Object({
      type: Type.String({ minLength: 1, maxLength: 64 }),
      payload: Type.Optional(Payload),
      idempotencyKey: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
    }),
    bodyLimit: 8 * 1024,
    errors: {
      403: '`airplay_session_api_required`, `presentation_network_api_required`, `update_deployment_api_required`.',
      404: '`screen_not_found`.',
      409: '`screen_unavailable`.',
      422: '`command_invalid_payload` (also for an unknown type), `validation_failed`.',
      429: '`command_limit_reached` (50 open commands), `rate_limited`.',
    },
    response: { status: 202, schema: Type.Object({ id: Type.String(), state: State, expiresAt: Timestamp }) },
    handler: ({ deps, params, body, principal, ctx }) => deps.commandsService.enqueue(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/commands',
    operationId: 'listScreenCommands',
    summary: 'The screen’s last 50 commands, newest first',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    params: ScreenParams,
    errors: { 404: '`screen_not_found`.' },
    response: {
      status: 200,
      schema: Type.Object({ items: Type.Array(CommandSchema), total: Type.Integer({ minimum: 0, description: 'How many items there are (at most 50).' }) }),
    },
    handler: ({ deps, params }) => deps.commandsService.history(params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/screens/{id}/commands/{commandId}/cancel',
    operationId: 'cancelScreenCommand',
    summary: 'Cancel a command the player has not finished',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    rateLimit: OPERATIONS,
    params: CommandParams,
    errors: { 404: '`screen_not_found`, `command_not_found`.', 409: '`command_already_completed` (also when expired or cancelled).' },
    response: { status: 200, schema: StateSchema },
    handler: ({ deps, params, principal, ctx }) => deps.commandsService.cancel(me(principal), params.id, params.commandId, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/player/commands',
    operationId: 'playerListCommands',
    summary: 'The player’s open commands, oldest first; pending ones become delivered',
    tags: ['player'],
    auth: { kind: 'player' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(PlayerCommandSchema) }) },
    handler: ({ deps, principal }) => deps.commandsService.forPlayer(player(principal)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player/commands/{id}/acknowledge',
    operationId: 'playerAcknowledgeCommand',
    summary: 'The player has accepted a command and is running it (takes no body or `{}`)',
    description: 'Repeating it is harmless.',
    tags: ['player'],
    auth: { kind: 'player' },
    params: IdParams,
    errors: { 404: '`command_not_found`.', 409: '`command_expired`, `command_already_completed`.' },
    response: { status: 200, schema: StateSchema },
    handler: ({ deps, params, principal }) => deps.commandsService.acknowledge(player(principal), params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player/commands/{id}/result',
    operationId: 'playerReportCommandResult',
    summary: 'The player reports how a command ended',
    description: 'Repeating the same outcome answers 200 again; the other outcome after one was recorded is 409 `command_already_completed`.',
    tags: ['player'],
    auth: { kind: 'player' },
    params: IdParams,
    body: Type.Object({
      success: Type.Boolean(),
      code: Type.Optional(Type.String({ maxLength: 80 })),
      message: Type.Optional(Type.String({ maxLength: 240 })),
    }),
    errors: { 404: '`command_not_found`.', 409: '`command_expired`, `command_already_completed`.' },
    response: { status: 200, schema: StateSchema },
    handler: ({ deps, params, body, principal }) => deps.commandsService.result(player(principal), params.id, body),
  }),
];
