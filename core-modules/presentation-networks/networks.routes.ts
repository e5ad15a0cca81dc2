import type { ConsolePrincipal, PlayerPrincipal } from '../../kernel/auth/principal.js';
import { IdParams } from '../../kernel/http/wire.js';
import { routeFor, type RateLimitRule } from '../../kernel/plugin.js';
import {
  AssignBodySchema,
  AssignmentSchema,
  AssignmentsSchema,
  CreateNetworkSchema,
  EditNetworkSchema,
  NetworkDetailSchema,
  NetworkListSchema,
  NetworkSchema,
  ProvisioningSchema,
  ReadinessSchema,
  ScreensBodySchema,
  TestBodySchema,
  TestResultSchema,
} from './network-view.js';
import type { PresentationNetworksDeps } from './presentation-networks-deps.js';

const route = routeFor<PresentationNetworksDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['presentation-networks'];

/** Fleet operations share one budget per administrator and address (the commands' bucket). */
const OPERATIONS: RateLimitRule = { bucket: 'operations', limit: 60, windowSeconds: 60, by: 'ip+principal' };
// A CA certificate makes a network larger than most bodies; still a small document.
const NETWORK_BODY_LIMIT = 128 * 1024;

const UNAVAILABLE = { 501: '`presentation_networks_unavailable`: PRESENTATION_NETWORK_KEY is not set on this server.' };
const NOT_FOUND = '`presentation_network_not_found`.';
const INVALID = '`presentation_network_invalid`: the name, SSID, authentication details or credential break a rule (the field is named; the value never is).';

export const networksRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/presentation-networks',
    operationId: 'listPresentationNetworks',
    summary: 'Presentation networks, with whether each has a credential (never the credential)',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    errors: UNAVAILABLE,
    response: { status: 200, schema: NetworkListSchema },
    handler: ({ deps }) => deps.networksService.list(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/presentation-networks',
    operationId: 'createPresentationNetwork',
    summary: 'Create a presentation network: a Wi-Fi network Linux players join for local presentation',
    description: 'The credential is sealed (AES-256-GCM under PRESENTATION_NETWORK_KEY) as it arrives and is never returned.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    body: CreateNetworkSchema,
    bodyLimit: NETWORK_BODY_LIMIT,
    errors: { 409: '`presentation_network_name_taken`.', 422: INVALID, ...UNAVAILABLE },
    response: { status: 201, schema: NetworkSchema },
    handler: ({ deps, body, principal, ctx }) => deps.networksService.create(me(principal), body, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/presentation-networks/{id}',
    operationId: 'getPresentationNetwork',
    summary: 'A presentation network and the screens assigned to it',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: NOT_FOUND, ...UNAVAILABLE },
    response: { status: 200, schema: NetworkDetailSchema },
    handler: ({ deps, params }) => deps.networksService.get(params.id),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/presentation-networks/{id}',
    operationId: 'updatePresentationNetwork',
    summary: 'Edit a presentation network; a credential left out stays, a new one replaces it',
    description:
      'The configuration revision moves when the SSID, hidden flag, authentication, its details or the credential change, and the ' +
      'assigned screens get a new config (`config.changed`). Changing the authentication needs a new credential.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: EditNetworkSchema,
    bodyLimit: NETWORK_BODY_LIMIT,
    errors: { 404: NOT_FOUND, 409: '`presentation_network_name_taken`.', 422: INVALID, ...UNAVAILABLE },
    response: { status: 200, schema: NetworkSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.networksService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/presentation-networks/{id}',
    operationId: 'deletePresentationNetwork',
    summary: 'Delete a presentation network and its assignments (the players remove its profile)',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: NOT_FOUND, ...UNAVAILABLE },
    response: { status: 200, schema: NetworkSchema, description: 'The network as it was.' },
    handler: ({ deps, params, principal, ctx }) => deps.networksService.delete(me(principal), params.id, ctx.ip),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/presentation-networks/{id}/screens',
    operationId: 'replacePresentationNetworkScreens',
    summary: 'Set exactly which screens use the network (each screen has one network; it moves off another)',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: ScreensBodySchema,
    errors: {
      404: NOT_FOUND,
      422: '`presentation_network_too_many_screens` (over 500), `presentation_network_screen_ineligible` (a screen that does not exist or is not Linux).',
      ...UNAVAILABLE,
    },
    response: { status: 200, schema: AssignmentsSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.assignmentsService.replace(me(principal), params.id, body.screenIds, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/presentation-networks/{id}/test',
    operationId: 'testPresentationNetwork',
    summary: 'Ask an assigned Linux screen to join the network, check it, and leave (a `test_presentation_network` command)',
    description: 'The command names the network only; the player fetches the credential over its own channel. Its outcome is the command’s result.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: TestBodySchema,
    rateLimit: OPERATIONS,
    errors: {
      404: `${NOT_FOUND} \`screen_not_found\`.`,
      409: '`screen_unavailable`: the screen is disabled or has no active credential.',
      422: '`presentation_network_test_screen_required`, `presentation_network_not_assigned`, `presentation_network_linux_required`.',
      429: '`command_limit_reached`: the screen already has 50 open commands.',
      ...UNAVAILABLE,
    },
    response: { status: 202, schema: TestResultSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.assignmentsService.test(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/presentation-network',
    operationId: 'getScreenPresentationNetwork',
    summary: 'A screen’s presentation network and its readiness, from what its player reported',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`screen_not_found`.', ...UNAVAILABLE },
    response: { status: 200, schema: ReadinessSchema },
    handler: ({ deps, params }) => deps.playerNetworkService.readiness(params.id),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/screens/{id}/presentation-network',
    operationId: 'assignScreenPresentationNetwork',
    summary: 'Put a Linux screen on a presentation network (replacing the one it had)',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: AssignBodySchema,
    errors: { 404: `\`screen_not_found\`, ${NOT_FOUND}`, 422: '`presentation_network_screen_ineligible`: not a Linux screen.', ...UNAVAILABLE },
    response: { status: 200, schema: AssignmentSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.assignmentsService.assign(me(principal), params.id, body.presentationNetworkId, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/screens/{id}/presentation-network',
    operationId: 'unassignScreenPresentationNetwork',
    summary: 'Take a screen off its presentation network (its player removes the profile)',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: '`screen_not_found`.', ...UNAVAILABLE },
    response: { status: 200, schema: AssignmentSchema },
    handler: ({ deps, params, principal, ctx }) => deps.assignmentsService.unassign(me(principal), params.id, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/player/presentation-network',
    operationId: 'playerPresentationNetwork',
    summary: 'This screen’s presentation network with its credential, to provision the Wi-Fi profile',
    description:
      'The only answer that carries the credential: to the screen the network is assigned to (taken from the device credential, never the ' +
      'request), with `Cache-Control: no-store`.',
    tags: ['player'],
    auth: { kind: 'player' },
    errors: {
      404: '`presentation_network_not_assigned`.',
      409: '`presentation_network_credential_unreadable`: the stored credential does not open with the configured key; enter it again.',
      ...UNAVAILABLE,
    },
    response: { status: 200, schema: ProvisioningSchema, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' } },
    handler: ({ deps, principal, ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Pragma', 'no-cache');
      return deps.playerNetworkService.provisioning((principal as PlayerPrincipal).screenId);
    },
  }),
];
