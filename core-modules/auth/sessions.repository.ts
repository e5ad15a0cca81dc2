import type { Knex } from 'knex';
import type { Role } from '../../kernel/auth/principal.js';
import { sha256 } from '../../kernel/secrets.js';

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

/** Console sessions. Rows are keyed by the SHA-256 of the cookie token, never the token itself. */
export class SessionsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  /** One query per console request: the live session of an active user, with that user's role. */
  async find(token: string): Promise<StoredSession | undefined> {
    const row = await this.db('sessions as s')
      .join('users as u', 'u.id', 's.user_id')
      .where('s.token_hash', sha256(token))
      .where('s.expires_at', '>', this.db.fn.now())
      .where('u.active', true)
      .first('s.*', 'u.role');
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
    await this.db('sessions')
      .insert({
        token_hash: sha256(token),
        user_id: data.userId,
        csrf_token: data.csrfToken,
        auth_method: data.authMethod,
        mfa_enrollment_pending: data.mfaEnrollmentPending,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 500),
        expires_at: this.db.raw(`now() + make_interval(secs => ?)`, [ttlSeconds]),
      })
      .onConflict('token_hash')
      .merge(['mfa_enrollment_pending']);
  }

  async delete(token: string): Promise<void> {
    await this.db('sessions').where({ token_hash: sha256(token) }).delete();
  }

  async deleteForUser(userId: string, trx?: Knex.Transaction): Promise<void> {
    await (trx ?? this.db)('sessions').where({ user_id: userId }).delete();
  }

  async clearEnrollmentPending(userId: string): Promise<void> {
    await this.db('sessions').where({ user_id: userId }).update({ mfa_enrollment_pending: false });
  }

  async purgeExpired(): Promise<number> {
    return this.db('sessions').where('expires_at', '<=', this.db.fn.now()).delete();
  }
}
