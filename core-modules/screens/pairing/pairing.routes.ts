import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor, type RateLimitRule } from '../../../kernel/plugin.js';
import { DeviceMetadataSchema, PairingCreatedSchema, PairingRequestSchema, PollResultSchema } from './pairing-view.js';
import { ScreenSchema } from '../screen-view.js';
import type { PairingDeps } from './pairing-deps.js';
import { IdParams, Uuid } from '../../../kernel/http/wire.js';

const route = routeFor<PairingDeps>();
const me = (p: unknown) => p as ConsolePrincipal;

// Unauthenticated and each one a database write: bounded per client address.
const PAIRING_LIMIT: RateLimitRule = { bucket: 'screens.pairing-sessions', limit: 10, windowSeconds: 60, by: 'ip' };
const ENROLL_LIMIT: RateLimitRule = { bucket: 'screens.enroll', limit: 10, windowSeconds: 60, by: 'ip' };
// 31^6 codes against 30 guesses per 10 minutes: guessing a live code is hopeless.
const RESOLVE_LIMIT: RateLimitRule = { bucket: 'screens.pairing-resolve', limit: 30, windowSeconds: 600, by: 'ip+principal' };

export const pairingRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/player/pairing-sessions',
    operationId: 'createPairingSession',
    summary: 'A player asks to be paired and gets a code to show',
    description:
      'The player first reads GET /api/v1/system/identity and sends its installationId back. A new session supersedes the same player installation’s earlier ones. Lifetime 10 minutes.',
    tags: ['player'],
    auth: { kind: 'public' },
    rateLimit: PAIRING_LIMIT,
    body: Type.Object({ installationId: Type.String({ minLength: 1, maxLength: 200 }), metadata: DeviceMetadataSchema }),
    errors: { 403: '`pairing_disabled`.', 409: '`installation_identity_mismatch`.', 429: '`rate_limited`.' },
    response: { status: 201, schema: PairingCreatedSchema },
    handler: ({ deps, body, ctx }) => deps.pairingService.create(body.installationId, body.metadata, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/player/pairing-sessions/{id}',
    operationId: 'pollPairingSession',
    summary: 'The player polls its pairing session (Authorization: Pairing <pollSecret>)',
    description: 'The first answer after approval has status `claimed` and carries the one-time enrollmentToken.',
    tags: ['player'],
    // Public as far as the kernel goes: the poll secret is checked here, against this one session.
    auth: { kind: 'public' },
    params: IdParams,
    errors: { 401: '`pairing_secret_required` or `device_credential_invalid` (wrong secret).', 404: '`pairing_not_found`.' },
    response: { status: 200, schema: PollResultSchema },
    handler: ({ deps, params, ctx }) => deps.pairingService.poll(params.id, ctx.get('authorization') || undefined),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player/enroll',
    operationId: 'enrollPlayer',
    summary: 'The player trades its enrollment token for a device credential (shown once)',
    tags: ['player'],
    auth: { kind: 'public' },
    rateLimit: ENROLL_LIMIT,
    body: Type.Object({ pairingSessionId: Uuid, enrollmentToken: Type.String({ minLength: 1, maxLength: 200 }) }),
    errors: {
      401: '`device_credential_invalid` (wrong token).',
      404: '`pairing_not_found`.',
      409: '`enrollment_already_used`.',
      410: '`pairing_expired`.',
      429: '`rate_limited`.',
    },
    response: {
      status: 201,
      schema: Type.Object({
        screenId: Uuid,
        screenName: Type.String(),
        deviceCredential: Type.String({ description: '`svc_device_<publicId>.<secret>`, for `Authorization: Bearer`. Not retrievable again.' }),
      }),
    },
    handler: ({ deps, body, ctx }) => deps.enrollmentService.enroll(body.pairingSessionId, body.enrollmentToken, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/pairing/pending',
    operationId: 'listPendingPairings',
    summary: 'Pairing requests waiting for an administrator (pending, or approved and not yet picked up), newest first',
    description: 'At most 100; an expired request is not listed.',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(PairingRequestSchema), total: Type.Integer({ minimum: 0, maximum: 100 }) }) },
    handler: ({ deps }) => deps.pairingApprovalService.pending(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/screens/pairing/resolve',
    operationId: 'resolvePairingCode',
    summary: 'Find a pairing request by the code the screen shows',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn', computesOnly: true },
    rateLimit: RESOLVE_LIMIT,
    body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 32, description: 'Any case; dashes and spaces are ignored.' }) }),
    errors: { 404: '`pairing_not_found`.', 410: '`pairing_expired`.', 422: '`invalid_pairing_code`.', 429: '`rate_limited`.' },
    response: { status: 200, schema: PairingRequestSchema },
    handler: ({ deps, body, principal }) => deps.pairingApprovalService.resolve(me(principal), body.code),
  }),
  route({
    method: 'POST',
    path: '/api/v1/screens/pairing/{id}/approve',
    operationId: 'approvePairing',
    summary: 'Approve a pairing request: create the screen, or repair the one this player already has',
    description:
      'A player installation that already has a screen keeps that screen (same id, assignments and history); when its credential still works, ' +
      'replaceExistingCredential must be true. replaceHardware moves an existing screen (replacementScreenId) onto this new player at enrollment.',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({
      name: Type.Optional(Type.String({ minLength: 2, maxLength: 120, description: '2–120 characters once trimmed; not needed with replaceHardware.' })),
      locationId: Type.Optional(Type.Union([Uuid, Type.Null()])),
      roomName: Type.Optional(Type.String({ maxLength: 120 })),
      roomNumber: Type.Optional(Type.String({ maxLength: 80 })),
      description: Type.Optional(Type.String({ maxLength: 1000 })),
      replaceExistingCredential: Type.Optional(Type.Boolean()),
      replaceHardware: Type.Optional(Type.Boolean()),
      replacementScreenId: Type.Optional(Uuid),
    }),
    errors: {
      404: '`pairing_not_found`, `screen_not_found` (replacement).',
      409: '`pairing_recovery_required`, `state_conflict`.',
      410: '`pairing_expired`.',
      422: '`validation_failed`, `location_not_found`.',
    },
    response: { status: 200, schema: ScreenSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.pairingApprovalService.approve(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/screens/pairing/{id}/reject',
    operationId: 'rejectPairing',
    summary: 'Turn a pairing request down; the player shows the reason and starts over',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }),
    errors: { 404: '`pairing_not_found`.', 409: '`state_conflict`.', 410: '`pairing_expired`.' },
    response: { status: 204 },
    handler: async ({ deps, params, body, principal, ctx }) => {
      await deps.pairingApprovalService.reject(me(principal), params.id, body.reason, ctx.ip);
      return reply(204);
    },
  }),
];
