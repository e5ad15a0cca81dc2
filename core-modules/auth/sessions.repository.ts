import type { Knex } from 'knex';
import { sha256 } from './secrets.js';

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
}

/** Console sessions. Rows are keyed by the SHA-256 of the cookie token, never the token itself. */
export class SessionsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  async find(token: string): Promise<StoredSession | undefined> {
    const row = await this.db('sessions').where({ token_hash: sha256(token) }).where('expires_at', '>', this.db.fn.now()).first();
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        csrfToken: row.csrf_token,
        authMethod: row.auth_method,
        mfaEnrollmentPending: row.mfa_enrollment_pending,
        expiresAt: row.expires_at,
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
