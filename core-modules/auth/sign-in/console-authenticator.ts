import type { AuthRequest, Authenticator, ConsolePrincipal, Role, RouteAuth } from '../../../kernel/auth/principal.js';
import { forbidden, unauthenticated } from '../../../kernel/errors.js';
import { currentSession, endSession } from './session-cookie.js';
import { safeEqual } from '../../../kernel/secrets.js';
import type { UsersRepository } from '../users.repository.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Session cookie + CSRF header for console routes. */
export class ConsoleAuthenticator implements Authenticator<'console'> {
  constructor(private readonly users: UsersRepository) {}

  async authenticate(req: AuthRequest, auth: Extract<RouteAuth, { kind: 'console' }>): Promise<ConsolePrincipal> {
    const session = currentSession(req.ctx);
    if (!session) throw unauthenticated('authentication_required', 'Sign in to continue.');
    // A loaded session already carries its (active) user's role; one created by this very request does not.
    const role = session.role ?? (await this.activeRole(session.userId));
    if (!role) {
      endSession(req.ctx!);
      throw unauthenticated('authentication_required', 'Sign in to continue.');
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

  private async activeRole(userId: string): Promise<Role | undefined> {
    const user = await this.users.byId(userId);
    return user?.active ? user.role : undefined;
  }
}
