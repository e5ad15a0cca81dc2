import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import type { ConsolePrincipal, RouteAuth } from '../../../kernel/auth/principal.js';
import { reply, routeFor, type RateLimitRule } from '../../../kernel/plugin.js';
import type { FactorsDeps } from './factors-deps.js';
import { RECENT_PROOF_SECONDS } from '../sign-in/recent-proof.js';
import { currentSession } from '../sign-in/session-cookie.js';
import { AuthMethodSchema } from '../sign-in/session-view.js';
import { CeremonyOptionsSchema, PASSKEY_BODY_LIMIT, RegistrationCredentialSchema } from './webauthn.js';
import { IdParams, Uuid, Stamp } from '../../../kernel/http/wire.js';
import { PASSWORD } from '../user-view.js';

const route = routeFor<FactorsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;

/** The 403s of a route that adds a factor. */
const STALE_SESSION = `No sign-in or re-authentication on this session in the last ${RECENT_PROOF_SECONDS / 60} minutes (\`reauthentication_required\`): re-authenticate with \`POST /api/v1/me/security/reauthenticate\` or sign in again. Or the CSRF check failed (\`csrf_failed\`).`;
const WRONG_PASSWORD = 'Wrong current password (`password_required`), or the CSRF check failed (`csrf_failed`).';

// Reachable while a second factor is still owed: this is where the user settles it.
const SELF: RouteAuth = { kind: 'console', access: 'signedIn', allowPendingMfa: true };

/** Routes that check the current password: a stolen session must not be able to guess it quickly. */
const PASSWORD_RATE_LIMIT: RateLimitRule = { bucket: 'security-password', limit: 10, windowSeconds: 600, by: 'ip+principal' };

const CURRENT_PASSWORD = Type.String({ minLength: 1, maxLength: 1024 });
const PasswordBody = Type.Object({ password: CURRENT_PASSWORD });
const PasskeyName = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' });
const TOKEN = Type.String({ minLength: 1, maxLength: 200 });

const PasskeySchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  credentialId: Type.String(),
  createdAt: Stamp,
  lastUsedAt: Type.Optional(Stamp),
});

const OverviewSchema = Type.Object({
  relyingPartyId: Type.String({ description: 'Empty when passkeys are unavailable here.' }),
  userHandle: Type.String(),
  totpEnrolled: Type.Boolean(),
  totpConfirmedAt: Type.Optional(Stamp),
  passkeys: Type.Array(PasskeySchema),
  recoveryCodesRemaining: Type.Integer(),
  enrolled: Type.Boolean(),
  passkeysAvailable: Type.Boolean(),
  passkeysUnavailableReason: Type.String({ description: 'Empty when passkeys are available.' }),
  required: Type.Boolean(),
  policy: Type.Union([Type.Literal('none'), Type.Literal('administrators'), Type.Literal('all')]),
  authMethod: AuthMethodSchema,
});

/** Lets the browser that just enrolled carry on without signing in again (the rows were cleared by the service). */
function settleEnrollment(ctx: Context): void {
  if (ctx.session) ctx.session.mfaEnrollmentPending = false;
}

export const securityRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/me/security/reauthenticate',
    operationId: 'reauthenticate',
    summary: 'Confirm my password again, so this session may add a factor or change my password for the next few minutes',
    description: `Answers 204. Signing in (with any method) counts as well. Without either in the last ${RECENT_PROOF_SECONDS / 60} minutes, adding an authenticator app or a passkey, changing one's own password as an administrator and resetting one's own factors answer 403 \`reauthentication_required\`.`,
    tags: ['security'],
    auth: SELF,
    rateLimit: PASSWORD_RATE_LIMIT,
    body: PasswordBody,
    errors: { 403: WRONG_PASSWORD },
    response: { status: 204 },
    handler: async ({ deps, principal, body, ctx }) => {
      await deps.securityService.reauthenticate(me(principal), body.password, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/password',
    operationId: 'changeMyPassword',
    summary: 'Change my password, giving the current one; my other sessions end',
    description: 'Open to every role. Answers 204; this session goes on and counts as freshly signed in.',
    tags: ['security'],
    auth: { kind: 'console', access: 'signedIn' },
    rateLimit: PASSWORD_RATE_LIMIT,
    body: Type.Object({ currentPassword: CURRENT_PASSWORD, newPassword: PASSWORD }),
    errors: {
      403: 'Wrong current password (`password_required`), the CSRF check failed (`csrf_failed`), or a second factor is still owed (`mfa_enrollment_required`).',
    },
    response: { status: 204 },
    handler: async ({ deps, principal, body, ctx }) => {
      await deps.securityService.changePassword(me(principal), body, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/me/security',
    operationId: 'getMySecurity',
    summary: 'My second factors, the policy that applies to me and whether passkeys work on this server',
    description: 'Never includes the authenticator secret or recovery codes.',
    tags: ['security'],
    auth: SELF,
    response: { status: 200, schema: OverviewSchema },
    handler: ({ deps, principal, ctx }) => deps.securityService.overview(me(principal), currentSession(ctx)!.authMethod),
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/security/totp',
    operationId: 'startTotpEnrollment',
    summary: 'Start setting up an authenticator app: a new secret and its otpauth:// URI',
    description: 'Shown once. Starting again before confirming replaces the pending secret.',
    tags: ['security'],
    auth: SELF,
    errors: { 403: STALE_SESSION, 409: 'An authenticator app is already confirmed (`factor_exists`).' },
    response: { status: 200, schema: Type.Object({ provisioningUri: Type.String(), secret: Type.String() }) },
    handler: ({ deps, principal }) => deps.securityService.startTotp(me(principal)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/security/totp/confirm',
    operationId: 'confirmTotpEnrollment',
    summary: 'Finish setting up the authenticator app with a current code',
    description: 'Answers 200 `{totpEnrolled: true}`. Settles a pending enrollment for all of my sessions, this one included.',
    tags: ['security'],
    auth: SELF,
    body: Type.Object({ code: Type.String({ minLength: 1, maxLength: 16 }) }),
    errors: { 401: 'Wrong code (`invalid_code`).', 404: 'No pending setup (`factor_not_found`).' },
    response: { status: 200, schema: Type.Object({ totpEnrolled: Type.Literal(true) }) },
    handler: async ({ deps, principal, body, ctx }) => {
      await deps.securityService.confirmTotp(me(principal), body.code, ctx.ip);
      settleEnrollment(ctx);
      return { totpEnrolled: true as const };
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/security/totp/remove',
    operationId: 'removeTotp',
    summary: 'Remove the authenticator app (current password required)',
    tags: ['security'],
    auth: SELF,
    rateLimit: PASSWORD_RATE_LIMIT,
    body: PasswordBody,
    errors: { 403: WRONG_PASSWORD, 404: '`factor_not_found`.', 409: 'It is the last factor the policy requires (`last_factor`).' },
    response: { status: 204 },
    handler: async ({ deps, principal, body, ctx }) => {
      await deps.securityService.removeTotp(me(principal), body.password, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/security/recovery-codes',
    operationId: 'generateRecoveryCodes',
    summary: 'Ten new one-time recovery codes, shown once; earlier codes stop working (current password required)',
    tags: ['security'],
    auth: SELF,
    rateLimit: PASSWORD_RATE_LIMIT,
    body: PasswordBody,
    errors: { 403: WRONG_PASSWORD },
    response: { status: 201, schema: Type.Object({ codes: Type.Array(Type.String()) }) },
    handler: async ({ deps, principal, body, ctx }) => ({ codes: await deps.securityService.newRecoveryCodes(me(principal), body.password, ctx.ip) }),
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/security/passkeys/options',
    operationId: 'startPasskeyRegistration',
    summary: 'Options for navigator.credentials.create(), and the challenge token to send back with the result',
    tags: ['security'],
    auth: SELF,
    errors: { 403: STALE_SESSION, 409: 'Passkeys cannot work with this server address (`passkeys_unavailable`).' },
    response: { status: 200, schema: Type.Object({ challengeToken: Type.String(), options: CeremonyOptionsSchema }) },
    handler: ({ deps, principal }) => deps.securityService.passkeyOptions(me(principal)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/security/passkeys',
    operationId: 'registerPasskey',
    summary: 'Register the passkey the browser created',
    description: 'The challenge token travels in the body. Settles a pending enrollment like confirming an authenticator app.',
    tags: ['security'],
    auth: SELF,
    bodyLimit: PASSKEY_BODY_LIMIT,
    body: Type.Object({ challengeToken: TOKEN, name: Type.Optional(PasskeyName), credential: RegistrationCredentialSchema }),
    errors: {
      401: 'The ceremony expired (`challenge_expired`) or the credential did not verify (`passkey_rejected`).',
      403: STALE_SESSION,
      409: '`passkeys_unavailable`, or the passkey is already registered (`factor_exists`).',
    },
    response: { status: 201, schema: PasskeySchema },
    handler: async ({ deps, principal, body, ctx }) => {
      const passkey = await deps.securityService.addPasskey(me(principal), body, ctx.ip);
      settleEnrollment(ctx);
      return passkey;
    },
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/me/security/passkeys/{id}',
    operationId: 'renamePasskey',
    summary: 'Rename one of my passkeys',
    tags: ['security'],
    auth: SELF,
    params: IdParams,
    body: Type.Object({ name: PasskeyName }),
    errors: { 404: '`factor_not_found`.' },
    response: { status: 204 },
    handler: async ({ deps, principal, params, body }) => {
      await deps.securityService.renamePasskey(me(principal), params.id, body.name);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/me/security/passkeys/{id}/remove',
    operationId: 'removePasskey',
    summary: 'Remove one of my passkeys (current password required)',
    tags: ['security'],
    auth: SELF,
    rateLimit: PASSWORD_RATE_LIMIT,
    params: IdParams,
    body: PasswordBody,
    errors: { 403: WRONG_PASSWORD, 404: '`factor_not_found`.', 409: 'It is the last factor the policy requires (`last_factor`).' },
    response: { status: 204 },
    handler: async ({ deps, principal, params, body, ctx }) => {
      await deps.securityService.removePasskey(me(principal), params.id, body.password, ctx.ip);
      return reply(204);
    },
  }),
];
