import type { Context } from 'koa';
import type { Role } from '../../../kernel/auth/principal.js';
import { randomToken } from '../../../kernel/secrets.js';
import type { SessionData } from '../sessions.repository.js';
import type { AuthMethod } from '../auth.models.js';

/** Starts a fresh session (a new token, so a planted cookie never becomes a signed-in one). */
export async function startSession(ctx: Context, userId: string, authMethod: AuthMethod, mfaEnrollmentPending: boolean): Promise<SessionData> {
  const data: SessionData = { userId, csrfToken: randomToken(24), authMethod, mfaEnrollmentPending };
  const session = ctx.session!;
  Object.assign(session, data);
  await session.regenerate(); // drops any previous session row and saves this one under a new token
  return data;
}

export function endSession(ctx: Context): void {
  ctx.session = null;
}

/** The session of this request; `role` and `sessionId` are there when it was loaded (not when created by this request). */
export type CurrentSession = SessionData & { sessionId?: string; role?: Role };

export function currentSession(ctx: Context | undefined): CurrentSession | undefined {
  const s = ctx?.session as unknown as Partial<CurrentSession> | null | undefined;
  return s?.userId ? (s as CurrentSession) : undefined;
}
