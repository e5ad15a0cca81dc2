import type { AuthRequest, Authenticator, ConsolePrincipal, Role, RouteAuth } from '../../../kernel/auth/principal.js';
import { forbidden, unauthenticated } from '../../../kernel/errors.js';
import { currentSession, endSession, type CurrentSession } from './session-cookie.js';
import { safeEqual } from '../../../kernel/secrets.js';
import type { UsersRepository } from '../users.repository.js';
import type { SessionsRepository } from '../sessions.repository.js';
import { COOKIE_NAME } from '../auth-config.js';
import { idleTimeoutSeconds } from '../mfa-policy.js';
import type { OrganizationSettings } from '../../settings/settings.api.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${COOKIE_NAME}=([^;]+)`);

interface Deps {
  usersRepository: UsersRepository;
  sessionsRepository: SessionsRepository;
  settingsService: OrganizationSettings;
  /** PUBLIC_URL's origin: a socket may be opened from it (or from the host the request names). */
  publicOrigin: string;
}

/**
 * Session cookie + CSRF header for console routes. A socket upgrade (no Koa context) is read from
 * its Cookie header, and its Origin must be this server's: a browser sends the cookie on a
 * cross-site upgrade too and cannot send the CSRF header on one, so the Origin check stands in
 * for it (cross-site WebSocket hijacking).
 */
export class ConsoleAuthenticator implements Authenticator<'console'> {
  constructor(private readonly d: Deps) {}

  async authenticate(req: AuthRequest, auth: Extract<RouteAuth, { kind: 'console' }>): Promise<ConsolePrincipal> {
    const upgrade = !req.ctx;
    const session = upgrade ? await this.upgradeSession(req) : currentSession(req.ctx);
    if (!session) throw unauthenticated('authentication_required', 'Sign in to continue.');
    // A loaded session already carries its (active) user's role; one created by this very request does not.
    const role = session.role ?? (await this.activeRole(session.userId));
    if (!role) {
      if (req.ctx) endSession(req.ctx);
      throw unauthenticated('authentication_required', 'Sign in to continue.');
    }
    if (upgrade && !this.sameOrigin(req)) {
      throw forbidden('origin_not_allowed', 'A console socket is opened only from this server’s own origin.');
    }
    if (!SAFE_METHODS.has(req.method) && !auth.computesOnly) {
      const sent = req.headers['x-csrf-token'];
      if (typeof sent !== 'string' || !safeEqual(sent, session.csrfToken)) {
        throw forbidden('csrf_failed', 'The X-CSRF-Token header is missing or does not match this session.');
      }
    }
    if (session.mfaEnrollmentPending && !auth.allowPendingMfa) {
      throw forbidden('mfa_enrollment_required', 'Set up a second factor (Account security) before continuing.');
    }
    return { kind: 'console', userId: session.userId, role, sessionId: session.sessionId ?? '' };
  }

  /** The session a socket upgrade's cookie names, read as the session middleware reads it for HTTP. */
  private async upgradeSession(req: AuthRequest): Promise<CurrentSession | undefined> {
    const token = SESSION_COOKIE.exec(req.headers.cookie ?? '')?.[1];
    if (!token) return undefined;
    const found = await this.d.sessionsRepository.find(token, await idleTimeoutSeconds(this.d.settingsService));
    if (!found) return undefined;
    const { id, expiresAt: _expiresAt, ...data } = found;
    return { ...data, sessionId: id };
  }

  /** The Origin is PUBLIC_URL's, or names the host the request was sent to (a browser sets both; a page elsewhere cannot). */
  private sameOrigin(req: AuthRequest): boolean {
    const origin = req.headers.origin;
    if (!origin) return false;
    if (origin === this.d.publicOrigin) return true;
    try {
      const host = req.headers.host;
      return host !== undefined && new URL(origin).host === host.toLowerCase();
    } catch {
      return false;
    }
  }

  private async activeRole(userId: string): Promise<Role | undefined> {
    const user = await this.d.usersRepository.byId(userId);
    return user?.active ? user.role : undefined;
  }
}
