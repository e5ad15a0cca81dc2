import type { Context } from 'koa';
import { randomToken } from './secrets.js';
import type { AuthMethod, SessionData } from './sessions.repository.js';

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

export function currentSession(ctx: Context | undefined): (SessionData & { sessionId?: string }) | undefined {
  const s = ctx?.session as unknown as Partial<SessionData & { sessionId: string }> | null | undefined;
  return s?.userId ? (s as SessionData & { sessionId?: string }) : undefined;
}
