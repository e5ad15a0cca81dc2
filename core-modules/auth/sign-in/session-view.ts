import { Type } from '@sinclair/typebox';
import type { Context } from 'koa';
import type { SignIn } from './sign-in-result.js';
import { startSession } from './session-cookie.js';
import { UserSchema, userView } from '../user-view.js';

export const AuthMethodSchema = Type.Union(['password', 'totp', 'passkey', 'recovery_code'].map((m) => Type.Literal(m)));

export const SessionSchema = Type.Object({
  user: UserSchema,
  csrfToken: Type.String(),
  authMethod: AuthMethodSchema,
  mfaEnrollmentRequired: Type.Boolean(),
});

/** Starts the session cookie for a completed sign-in and answers with what the console needs. */
export async function sessionReply(ctx: Context, signIn: SignIn) {
  const session = await startSession(ctx, signIn.user.id, signIn.authMethod, signIn.mfaEnrollmentPending);
  return {
    user: userView(signIn.user),
    csrfToken: session.csrfToken,
    authMethod: signIn.authMethod,
    mfaEnrollmentRequired: signIn.mfaEnrollmentPending,
  };
}
