import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import type { Role } from '../../kernel/auth/principal.js';
import { sha256 } from '../../kernel/secrets.js';
import { SessionModel } from './auth.models.js';
import type { AuthMethod, SessionRow } from './auth.models.js';
import type { KernelDeps } from '../../kernel/kernel.js';

export interface SessionData {
  userId: string;
  csrfToken: string;
  authMethod: AuthMethod;
  mfaEnrollmentPending: boolean;
}

export interface StoredSession extends SessionData {
  id: string;
  expiresAt: Date;
  /** The user's current role, read with the session (only sessions of active users are found). */
  role: Role;
}

/** How finely last use is recorded: a console polling every few seconds writes once a minute, not every request. */
const LAST_SEEN_RESOLUTION_SECONDS = 60;

/** Console sessions. Rows are keyed by the SHA-256 of the cookie token, never the token itself. */
export class SessionsRepository {
  private readonly sessions: typeof SessionModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.sessions = SessionModel.bindKnex(db);
  }

  /**
   * The live session of an active user, with that user's role: not past its lifetime, and used within
   * the last `idleSeconds`. Records this use when the recorded one is over a minute old, so a console
   * request costs one query and, once a minute, a second.
   */
  async find(token: string, idleSeconds: number): Promise<StoredSession | undefined> {
    const row = await this.sessions
      .query()
      .alias('s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.token_hash', sha256(token))
      .where('s.expires_at', '>', fn.now())
      .where('s.last_seen_at', '>', raw('now() - make_interval(secs => ?)', [idleSeconds]))
      .where('u.active', true)
      .select('s.*', 'u.role', raw('s.last_seen_at < now() - make_interval(secs => ?) AS seen_long_ago', [LAST_SEEN_RESOLUTION_SECONDS]))
      .first()
      .castTo<(SessionRow & { role: Role; seen_long_ago: boolean }) | undefined>();
    if (!row) return undefined;
    if (row.seen_long_ago) {
      // Guarded again: of two requests that both read an old time, only the first writes.
      await this.sessions
        .query()
        .findById(row.id)
        .where('last_seen_at', '<', raw('now() - make_interval(secs => ?)', [LAST_SEEN_RESOLUTION_SECONDS]))
        .patch({ last_seen_at: fn.now() });
    }
    return {
      id: row.id,
      userId: row.user_id,
      csrfToken: row.csrf_token,
      authMethod: row.auth_method,
      mfaEnrollmentPending: row.mfa_enrollment_pending,
      expiresAt: row.expires_at,
      role: row.role,
    };
  }

  /**
   * Those of these sessions that are still live, by the rules of `find` (within their lifetime, used
   * within `idleSeconds`, of an active user), read without counting as a use: a console socket
   * left open does not keep its session from going idle.
   */
  async live(ids: string[], idleSeconds: number): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await this.sessions
      .query()
      .alias('s')
      .join('users as u', 'u.id', 's.user_id')
      .whereIn('s.id', ids)
      .where('s.expires_at', '>', fn.now())
      .where('s.last_seen_at', '>', raw('now() - make_interval(secs => ?)', [idleSeconds]))
      .where('u.active', true)
      .select('s.id');
    return rows.map((r) => r.id);
  }

  /**
   * Creates the row on first save with a fixed expiry; later saves change only what a session may
   * change (the pending-enrollment flag), never its owner or lifetime.
   */
  async save(token: string, data: SessionData, ttlSeconds: number, meta: { ip?: string; userAgent?: string }): Promise<void> {
    await this.sessions
      .query()
      .insert({
        token_hash: sha256(token),
        user_id: data.userId,
        csrf_token: data.csrfToken,
        auth_method: data.authMethod,
        mfa_enrollment_pending: data.mfaEnrollmentPending,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 500),
        expires_at: raw(`now() + make_interval(secs => ?)`, [ttlSeconds]),
      })
      .onConflict('token_hash')
      .merge(['mfa_enrollment_pending']);
  }

  async delete(token: string): Promise<void> {
    await this.sessions
      .query()
      .where({ token_hash: sha256(token) })
      .delete();
  }

  /** Ends every session of a user, or every one but `except` (the session that changed its own password). */
  async deleteForUser(userId: string, trx?: Knex.Transaction, except?: string): Promise<void> {
    const query = this.sessions.query(trx).where({ user_id: userId });
    if (except) query.whereNot({ id: except });
    await query.delete();
  }

  /** Records that the user of this session just proved who they are (re-authentication). */
  async markAuthenticated(sessionId: string): Promise<void> {
    await this.sessions.query().findById(sessionId).patch({ authenticated_at: fn.now() });
  }

  /** Whether the user of this session signed in or re-authenticated within the last `seconds`. */
  async authenticatedWithin(sessionId: string, seconds: number): Promise<boolean> {
    if (!sessionId) return false; // a session created by this very request has no row id yet
    const row = await this.sessions
      .query()
      .findById(sessionId)
      .where('authenticated_at', '>', raw('now() - make_interval(secs => ?)', [seconds]))
      .select('id');
    return Boolean(row);
  }

  async clearEnrollmentPending(userId: string): Promise<void> {
    await this.sessions.query().where({ user_id: userId }).patch({ mfa_enrollment_pending: false });
  }

  /** Deletes sessions past their lifetime or unused for `idleSeconds`. */
  async purgeExpired(idleSeconds: number): Promise<number> {
    return this.sessions
      .query()
      .where('expires_at', '<=', fn.now())
      .orWhere('last_seen_at', '<=', raw('now() - make_interval(secs => ?)', [idleSeconds]))
      .delete();
  }
}
