import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import type { Role } from '../../kernel/auth/principal.js';
import { sha256 } from '../../kernel/secrets.js';
import { SessionModel } from './auth.models.js';

export interface SessionData {
  userId: string;
  csrfToken: string;
  authMethod: AuthMethod;
  mfaEnrollmentPending: boolean;
}

export type AuthMethod = 'password' | 'totp' | 'passkey' | 'recovery_code';

export interface StoredSession extends SessionData {
  id: string;
  expiresAt: Date;
  /** The user's current role, read with the session (only sessions of active users are found). */
  role: Role;
}

/** A row of `sessions`. */
export interface SessionRow {
  id: string;
  token_hash: string;
  user_id: string;
  csrf_token: string;
  auth_method: AuthMethod;
  mfa_enrollment_pending: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
  expires_at: Date;
}

/** Console sessions. Rows are keyed by the SHA-256 of the cookie token, never the token itself. */
export class SessionsRepository {
  private readonly sessions: typeof SessionModel;

  constructor({ db }: { db: Knex }) {
    this.sessions = SessionModel.bindKnex(db);
  }

  /** One query per console request: the live session of an active user, with that user's role. */
  async find(token: string): Promise<StoredSession | undefined> {
    const row = await this.sessions
      .query()
      .alias('s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.token_hash', sha256(token))
      .where('s.expires_at', '>', fn.now())
      .where('u.active', true)
      .select('s.*', 'u.role')
      .first()
      .castTo<(SessionRow & { role: Role }) | undefined>();
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        csrfToken: row.csrf_token,
        authMethod: row.auth_method,
        mfaEnrollmentPending: row.mfa_enrollment_pending,
        expiresAt: row.expires_at,
        role: row.role,
      }
    );
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

  async deleteForUser(userId: string, trx?: Knex.Transaction): Promise<void> {
    await this.sessions.query(trx).where({ user_id: userId }).delete();
  }

  async clearEnrollmentPending(userId: string): Promise<void> {
    await this.sessions.query().where({ user_id: userId }).patch({ mfa_enrollment_pending: false });
  }

  async purgeExpired(): Promise<number> {
    return this.sessions.query().where('expires_at', '<=', fn.now()).delete();
  }
}
