import { Type } from '@sinclair/typebox';
import { routeFor } from '../../../kernel/plugin.js';
import type { FactorsDeps } from './factors-deps.js';
import { AUTH_RATE_LIMIT } from '../sign-in/sign-in.routes.js';
import { SessionSchema } from '../sign-in/session-view.js';
import { SIGNED_IN_HEADERS, signedInReply } from '../sign-in/known-device.js';
import { AssertionCredentialSchema, CeremonyOptionsSchema, PASSKEY_BODY_LIMIT } from './webauthn.js';

const route = routeFor<FactorsDeps>();

const TOKEN = Type.String({ minLength: 1, maxLength: 200 });
const Ceremony = Type.Object({ challengeToken: Type.String(), options: CeremonyOptionsSchema });

export const passkeyLoginRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/auth/mfa/passkey/options',
    operationId: 'startPasskeySecondFactor',
    summary: 'Options for navigator.credentials.get() as the second step of a password sign-in',
    description: "Takes the challenge token the password step answered and returns it with options that allow only that user's passkeys.",
    tags: ['auth'],
    auth: { kind: 'public' },
    rateLimit: AUTH_RATE_LIMIT,
    body: Type.Object({ challengeToken: TOKEN }),
    errors: { 401: '`challenge_expired`.', 404: 'The user has no passkey (`factor_not_found`).', 409: '`passkeys_unavailable`.', 429: '`rate_limited`.' },
    response: { status: 200, schema: Ceremony },
    handler: ({ deps, body }) => deps.passkeyLoginService.secondFactorOptions(body.challengeToken),
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/passkey/login/options',
    operationId: 'startPasskeyLogin',
    summary: 'Options for a passkey-only sign-in (the passkey names its user)',
    tags: ['auth'],
    auth: { kind: 'public' },
    rateLimit: AUTH_RATE_LIMIT,
    errors: { 409: '`passkeys_unavailable`.', 429: '`rate_limited`.' },
    response: { status: 200, schema: Ceremony },
    handler: ({ deps }) => deps.passkeyLoginService.discoverableOptions(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/passkey/login',
    operationId: 'passkeyLogin',
    summary: 'Sign in with the assertion the browser produced',
    description:
      'The challenge token (in the body) comes from `/auth/passkey/login/options` (passkey alone) or from the password step after `/auth/mfa/passkey/options` (second factor).',
    tags: ['auth'],
    auth: { kind: 'public' },
    rateLimit: AUTH_RATE_LIMIT,
    bodyLimit: PASSKEY_BODY_LIMIT,
    body: Type.Object({ challengeToken: TOKEN, credential: AssertionCredentialSchema }),
    errors: {
      401: '`challenge_expired` or `passkey_rejected`.',
      409: '`passkeys_unavailable`.',
      429: '`challenge_exhausted` after 5 failed second-step answers, or `rate_limited`.',
    },
    response: { status: 200, schema: SessionSchema, headers: SIGNED_IN_HEADERS },
    handler: async ({ deps, body, ctx }) =>
      signedInReply(ctx, deps.knownDevices, await deps.passkeyLoginService.login(body.challengeToken, body.credential, ctx.ip)),
  }),
];
