import { fn, raw } from 'objection';
import { randomToken, sha256 } from '../../../kernel/secrets.js';
import { ChallengeModel } from '../auth.models.js';
import type { ChallengePurpose, ChallengeRow } from '../auth.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

export const CHALLENGE_TTL_SECONDS = 10 * 60;
export const CHALLENGE_MAX_FAILURES = 5;

/** Short-lived MFA and WebAuthn ceremonies. Only the hash of the challenge token is stored. */
export class ChallengesRepository {
  private readonly challenges: typeof ChallengeModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.challenges = ChallengeModel.bindKnex(db);
  }

  async create(purpose: ChallengePurpose, userId: string | null, webauthnChallenge?: string): Promise<string> {
    const token = randomToken(32);
    await this.challenges.query().insert({
      token_hash: sha256(token),
      purpose,
      user_id: userId,
      webauthn_challenge: webauthnChallenge ?? null,
      expires_at: raw(`now() + make_interval(secs => ?)`, [CHALLENGE_TTL_SECONDS]),
    });
    return token;
  }

  /** The live challenge for `token` with that purpose, or undefined (unknown or expired). */
  async find(token: string, purpose: ChallengePurpose): Promise<ChallengeRow | undefined> {
    return this.challenges
      .query()
      .findOne({ token_hash: sha256(token), purpose })
      .where('expires_at', '>', fn.now());
  }

  async setWebauthnChallenge(id: string, challenge: string): Promise<void> {
    await this.challenges.query().findById(id).patch({ webauthn_challenge: challenge });
  }

  /** Counts a wrong answer and returns the new count. */
  async fail(id: string): Promise<number> {
    const [row] = await this.challenges.query().where({ id }).increment('failed_attempts', 1).returning('failed_attempts');
    return row?.failed_attempts ?? CHALLENGE_MAX_FAILURES;
  }

  /** Consumes a challenge; false if it was already consumed (two answers raced). */
  async consume(id: string): Promise<boolean> {
    return (await this.challenges.query().deleteById(id)) === 1;
  }

  async purgeExpired(): Promise<number> {
    return this.challenges.query().where('expires_at', '<=', fn.now()).delete();
  }
}
