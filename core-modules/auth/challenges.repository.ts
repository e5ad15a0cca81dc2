import type { Knex } from 'knex';
import { randomToken, sha256 } from '../../kernel/secrets.js';

export type ChallengePurpose = 'login' | 'passkey_login' | 'passkey_registration';

export interface ChallengeRow {
  id: string;
  purpose: ChallengePurpose;
  user_id: string | null;
  webauthn_challenge: string | null;
  failed_attempts: number;
  expires_at: Date;
}

export const CHALLENGE_TTL_SECONDS = 10 * 60;
export const CHALLENGE_MAX_FAILURES = 5;

/** Short-lived MFA and WebAuthn ceremonies. Only the hash of the challenge token is stored. */
export class ChallengesRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  async create(purpose: ChallengePurpose, userId: string | null, webauthnChallenge?: string): Promise<string> {
    const token = randomToken(32);
    await this.db('mfa_challenges').insert({
      token_hash: sha256(token),
      purpose,
      user_id: userId,
      webauthn_challenge: webauthnChallenge ?? null,
      expires_at: this.db.raw(`now() + make_interval(secs => ?)`, [CHALLENGE_TTL_SECONDS]),
    });
    return token;
  }

  /** The live challenge for `token` with that purpose, or undefined (unknown or expired). */
  find(token: string, purpose: ChallengePurpose): Promise<ChallengeRow | undefined> {
    return this.db<ChallengeRow>('mfa_challenges')
      .where('token_hash', sha256(token))
      .where('purpose', purpose)
      .where('expires_at', '>', this.db.fn.now())
      .first();
  }

  async setWebauthnChallenge(id: string, challenge: string): Promise<void> {
    await this.db('mfa_challenges').where({ id }).update({ webauthn_challenge: challenge });
  }

  /** Counts a wrong answer and returns the new count. */
  async fail(id: string): Promise<number> {
    const [row] = await this.db('mfa_challenges').where({ id }).increment('failed_attempts', 1).returning('failed_attempts');
    return row?.failed_attempts ?? CHALLENGE_MAX_FAILURES;
  }

  /** Consumes a challenge; false if it was already consumed (two answers raced). */
  async consume(id: string): Promise<boolean> {
    return (await this.db('mfa_challenges').where({ id }).delete()) === 1;
  }

  async purgeExpired(): Promise<number> {
    return this.db('mfa_challenges').where('expires_at', '<=', this.db.fn.now()).delete();
  }
}
