import type Koa from 'koa';
import type { Context, Middleware, Next } from 'koa';
import createSession from 'koa-session';
import type { AuthConfig } from '../auth-config.js';
import { COOKIE_NAME } from '../auth-config.js';
import { randomToken } from '../../../kernel/secrets.js';
import type { OrganizationSettings } from '../../settings/settings.api.js';
import { idleTimeoutSeconds } from '../mfa-policy.js';
import type { SessionData, SessionsRepository } from '../sessions.repository.js';

const SIGN_IN_PREFIX = '/api/v1/auth/';

/**
 * koa-session with PostgreSQL as its store: the cookie holds a random token, the table holds its
 * hash, so sessions work across server processes and survive restarts. A session ends at its fixed
 * lifetime or after the organization's idle timeout, whichever comes first.
 */
export function sessionMiddleware(
  deps: { sessionsRepository: SessionsRepository; authConfig: AuthConfig; settingsService: OrganizationSettings },
  app: Koa,
): Middleware {
  const { sessionsRepository: repo, authConfig, settingsService } = deps;
  const ttlMs = authConfig.sessionTtlSeconds * 1000;
  const session = createSession(
    {
      key: COOKIE_NAME,
      maxAge: ttlMs,
      httpOnly: true,
      sameSite: 'strict',
      secure: authConfig.cookieSecure,
      signed: false,
      rolling: false,
      renew: false,
      genid: () => randomToken(32),
      store: {
        async get(token: string) {
          const s = await repo.find(token, await idleTimeoutSeconds(settingsService));
          if (!s) return undefined;
          const { id, expiresAt, ...data } = s;
          return { ...data, sessionId: id, _expire: expiresAt.getTime(), _maxAge: ttlMs };
        },
        async set(token: string, sess: SessionData, _maxAge: number, { ctx }: { ctx?: Context }) {
          const { userId, csrfToken, authMethod, mfaEnrollmentPending } = sess;
          await repo.save(token, { userId, csrfToken, authMethod, mfaEnrollmentPending }, authConfig.sessionTtlSeconds, {
            ip: ctx?.ip,
            userAgent: ctx?.get('user-agent'),
          });
        },
        async destroy(token: string) {
          await repo.delete(token);
        },
      },
    },
    app,
  );
  return async (ctx: Context, next: Next) => {
    // Players, integrations and health probes carry no session cookie: skip the session machinery
    // for them. Only sign-in routes create a session without already having one.
    if (!ctx.get('cookie').includes(`${COOKIE_NAME}=`) && !ctx.path.startsWith(SIGN_IN_PREFIX)) return next();
    // Behind a TLS-terminating proxy the request looks like plain http; the cookie must still be Secure.
    if (authConfig.cookieSecure) ctx.cookies.secure = true;
    return session(ctx, next);
  };
}
