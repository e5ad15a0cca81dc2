import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor, type RateLimitRule } from '../../../kernel/plugin.js';
import type { SignInDeps } from './sign-in-deps.js';
import { currentSession, endSession } from './session-cookie.js';
import { AuthMethodSchema, SessionSchema } from './session-view.js';
import { NAME, PASSWORD, USERNAME, UserSchema, userView } from '../user-view.js';
import { Uuid } from '../../../kernel/http/wire.js';
import { isSameMachine } from '../../../kernel/http/local-request.js';
import { deviceCookieOf, SIGNED_IN_HEADERS, signedInReply } from './known-device.js';

const route = routeFor<SignInDeps>();

/**
 * Sign-in attempts: 10 per 10 minutes per client address, across all server processes. Password and
 * code attempts also count per account (sign-in-limits.ts).
 */
export const AUTH_RATE_LIMIT: RateLimitRule = { bucket: 'auth', limit: 10, windowSeconds: 600, by: 'ip' };

const TOO_MANY_SIGN_INS =
  'Too many attempts from this address, or on this account from browsers that have not signed in to it before (`rate_limited`, with `Retry-After`).';

const LoginResult = Type.Object({
  user: Type.Optional(UserSchema),
  csrfToken: Type.Optional(Type.String()),
  authMethod: Type.Optional(AuthMethodSchema),
  mfaEnrollmentRequired: Type.Optional(Type.Boolean()),
  mfaRequired: Type.Optional(Type.Literal(true)),
  challengeToken: Type.Optional(Type.String()),
  methods: Type.Optional(Type.Array(Type.Union(['totp', 'passkey', 'recovery_code'].map((m) => Type.Literal(m))))),
});

export const authRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/auth/status',
    operationId: 'getAuthStatus',
    summary: 'Whether setup is needed and who is signed in (with the CSRF token for this session)',
    tags: ['auth'],
    auth: { kind: 'public' },
    response: {
      status: 200,
      schema: Type.Object({
        setupRequired: Type.Boolean(),
        setupTokenRequired: Type.Boolean({
          description: 'Setup from this caller needs the setup token from the server log: it is not on the server machine, or comes through a proxy.',
        }),
        authenticated: Type.Boolean(),
        passkeysAvailable: Type.Boolean(),
        passkeysUnavailableReason: Type.Optional(Type.String()),
        user: Type.Optional(UserSchema),
        csrfToken: Type.Optional(Type.String()),
        authMethod: Type.Optional(AuthMethodSchema),
        mfaEnrollmentRequired: Type.Optional(Type.Boolean()),
      }),
    },
    handler: async ({ deps, ctx }) => {
      const passkeys = deps.authService.passkeysAvailable;
      const setupRequired = !(await deps.setupService.isSetUp());
      const base = {
        setupRequired,
        setupTokenRequired: setupRequired && !isSameMachine(ctx),
        passkeysAvailable: passkeys.available,
        ...(passkeys.reason ? { passkeysUnavailableReason: passkeys.reason } : {}),
      };
      const session = currentSession(ctx);
      const user = session && (await deps.usersRepository.byId(session.userId));
      if (!session || !user?.active) return { ...base, authenticated: false };
      return {
        ...base,
        authenticated: true,
        user: userView(user),
        csrfToken: session.csrfToken,
        authMethod: session.authMethod,
        mfaEnrollmentRequired: session.mfaEnrollmentPending,
      };
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/setup',
    operationId: 'setupInstallation',
    summary: 'Create the organization and its first Owner (once), and sign in',
    description:
      'From the server machine itself this needs no more. From anywhere else, or through a proxy, `setupToken` must be the setup token the server logs at start while it is not set up.',
    tags: ['auth'],
    auth: { kind: 'public' },
    rateLimit: AUTH_RATE_LIMIT,
    body: Type.Object({
      organizationName: NAME,
      ownerName: NAME,
      username: USERNAME,
      password: PASSWORD,
      setupToken: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'The setup token from the server log.' })),
    }),
    errors: {
      403: 'Not from the server machine, and the setup token is missing (`setup_token_required`) or wrong (`setup_token_invalid`).',
      409: 'Already set up (`setup_complete`).',
      429: 'Too many attempts (`rate_limited`, with `Retry-After`).',
    },
    response: { status: 201, schema: SessionSchema, headers: SIGNED_IN_HEADERS },
    handler: async ({ deps, body, ctx }) =>
      signedInReply(ctx, deps.knownDevices, await deps.setupService.setup(body, { ip: ctx.ip, local: isSameMachine(ctx) })),
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/login',
    operationId: 'login',
    summary: 'Sign in with username and password; answers a session, or a challenge when a second factor is enrolled',
    tags: ['auth'],
    auth: { kind: 'public' },
    rateLimit: AUTH_RATE_LIMIT,
    body: Type.Object({ username: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 1024 }) }),
    errors: { 401: 'Wrong username or password (`invalid_credentials`).', 409: 'No usable factor (`no_usable_factor`).', 429: TOO_MANY_SIGN_INS },
    response: {
      status: 200,
      schema: LoginResult,
      headers: { 'Set-Cookie': `When a session starts (no second factor is owed): ${SIGNED_IN_HEADERS['Set-Cookie']}` },
    },
    handler: async ({ deps, body, ctx }) => {
      const result = await deps.authService.login(body.username, body.password, ctx.ip, deviceCookieOf(ctx));
      if (result.kind === 'challenge') return { mfaRequired: true as const, challengeToken: result.challengeToken, methods: result.methods };
      return signedInReply(ctx, deps.knownDevices, result);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/mfa/verify',
    operationId: 'verifyMfa',
    summary: 'Complete a sign-in with an authenticator code or a recovery code',
    tags: ['auth'],
    auth: { kind: 'public' },
    rateLimit: AUTH_RATE_LIMIT,
    body: Type.Object({ challengeToken: Type.String({ minLength: 1, maxLength: 200 }), code: Type.String({ minLength: 1, maxLength: 64 }) }),
    errors: { 401: '`challenge_expired` or `invalid_code`.', 429: `\`challenge_exhausted\` after 5 wrong codes. ${TOO_MANY_SIGN_INS}` },
    response: { status: 200, schema: SessionSchema, headers: SIGNED_IN_HEADERS },
    handler: async ({ deps, body, ctx }) =>
      signedInReply(ctx, deps.knownDevices, await deps.authService.verifyMfa(body.challengeToken, body.code, ctx.ip, deviceCookieOf(ctx))),
  }),
  route({
    method: 'POST',
    path: '/api/v1/auth/logout',
    operationId: 'logout',
    summary: 'End this session',
    tags: ['auth'],
    auth: { kind: 'console', access: 'signedIn', allowPendingMfa: true },
    response: { status: 204 },
    handler: async ({ deps, principal, ctx }) => {
      await deps.authService.logout(principal as ConsolePrincipal, ctx.ip);
      endSession(ctx);
      return reply(204);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/system/identity',
    operationId: 'getSystemIdentity',
    summary: 'Who this server is: players check the installation id before sending a credential',
    tags: ['auth'],
    auth: { kind: 'public' },
    response: {
      status: 200,
      schema: Type.Object({
        product: Type.String(),
        installationId: Uuid,
        /** "" until setup names the organization: the stock Android player reads it as a non-null string. */
        organizationName: Type.String(),
        apiVersion: Type.Literal('v1'),
        pairingEnabled: Type.Boolean(),
      }),
    },
    handler: async ({ deps }) => {
      const org = await deps.organizationRepository.get();
      return {
        product: 'signage-server',
        installationId: org.installation_id,
        organizationName: org.name ?? '',
        apiVersion: 'v1' as const,
        pairingEnabled: org.pairing_enabled,
      };
    },
  }),
];
