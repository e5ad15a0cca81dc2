import type { Knex } from 'knex';
import { fn } from 'objection';
import { mapUniqueViolation } from '../../../kernel/db/database.js';
import { conflict } from '../../../kernel/errors.js';
import type { SecretBox } from '../../../kernel/secret-box.js';
import { PasskeyModel, RecoveryCodeModel, TotpFactorModel } from '../auth.models.js';
import type { PasskeyRow, TotpRow } from '../auth.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

const totpContext = (userId: string) => `auth.totp:${userId}`;

/** Second factors: TOTP (its secret sealed at rest), recovery codes, passkeys. */
export class FactorsRepository {
  private readonly db: Knex;
  private readonly box: SecretBox;
  private readonly totpFactors: typeof TotpFactorModel;
  private readonly recoveryCodes: typeof RecoveryCodeModel;
  private readonly passkeyRows: typeof PasskeyModel;

  constructor({ db, secretBox }: Pick<KernelDeps, 'db' | 'secretBox'>) {
    this.db = db;
    this.box = secretBox;
    this.totpFactors = TotpFactorModel.bindKnex(db);
    this.recoveryCodes = RecoveryCodeModel.bindKnex(db);
    this.passkeyRows = PasskeyModel.bindKnex(db);
  }

  /**
   * Runs `work` in a transaction that holds a per-user lock, so two concurrent removals cannot both
   * see "another factor remains" and leave a user the policy covers with none.
   */
  exclusive<T>(userId: string, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.db.transaction(async (trx) => {
      await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`user-factors:${userId}`]);
      return work(trx);
    });
  }

  async totp(userId: string, trx?: Knex.Transaction): Promise<TotpRow | undefined> {
    const row = await this.totpFactors.query(trx).findById(userId);
    return row && { ...row, secret: this.box.open(row.secret, totpContext(userId)) };
  }

  /**
   * Stores a new pending secret, replacing an earlier unconfirmed one; false when a confirmed factor
   * exists (it is never overwritten, even by a request that raced the confirmation).
   */
  async startTotp(userId: string, plainSecret: string): Promise<boolean> {
    const secret = this.box.seal(plainSecret, totpContext(userId));
    // knex, not the model: objection answers an insert with the row it was given even when the
    // conditional merge wrote nothing, and "nothing written" is the answer wanted here.
    const rows = await this.db('user_totp_factors')
      .insert({ user_id: userId, secret })
      .onConflict('user_id')
      .merge({ secret, created_at: this.db.fn.now(), last_used_step: null })
      .whereNull('user_totp_factors.confirmed_at')
      .returning('user_id');
    return rows.length === 1;
  }

  async confirmTotp(userId: string, step: number): Promise<boolean> {
    const n = await this.totpFactors.query().findById(userId).whereNull('confirmed_at').patch({ confirmed_at: fn.now(), last_used_step: step });
    return n === 1;
  }

  /** Records use of `step`; false when that step (or a later one) was already used: a replay. */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const n = await this.totpFactors
      .query()
      .findById(userId)
      .whereNotNull('confirmed_at')
      .andWhere((q) => q.whereNull('last_used_step').orWhere('last_used_step', '<', step))
      .patch({ last_used_step: step });
    return n === 1;
  }

  /** Seals the secrets still kept in plain text (written before secrets were sealed); run at start. */
  async sealPlainTotpSecrets(): Promise<number> {
    return this.resealTotpWhere((stored) => !this.box.isSealed(stored));
  }

  /** Seals again, with the current key, every secret sealed with an older one (a key rotation). */
  async resealTotpSecrets(): Promise<number> {
    return this.resealTotpWhere((stored) => !this.box.isCurrent(stored));
  }

  private async resealTotpWhere(due: (stored: string) => boolean): Promise<number> {
    let changed = 0;
    for (const row of await this.totpFactors.query().select('user_id', 'secret')) {
      if (!due(row.secret)) continue;
      // Only if still as read: a secret replaced meanwhile is already sealed with the current key.
      const secret = this.box.reseal(row.secret, totpContext(row.user_id));
      changed += await this.totpFactors.query().where({ user_id: row.user_id, secret: row.secret }).patch({ secret });
    }
    return changed;
  }

  async removeTotp(userId: string, trx?: Knex.Transaction): Promise<void> {
    await this.totpFactors.query(trx).deleteById(userId);
  }

  async unusedRecoveryCodes(userId: string): Promise<{ id: string; code_hash: string }[]> {
    return this.recoveryCodes.query().where({ user_id: userId }).whereNull('used_at').select('id', 'code_hash');
  }

  async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await this.recoveryCodes.query(trx).where({ user_id: userId }).delete();
      await this.recoveryCodes.query(trx).insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
    });
  }

  /** Marks a code used; false if another request used it first. */
  async useRecoveryCode(id: string): Promise<boolean> {
    return (await this.recoveryCodes.query().findById(id).whereNull('used_at').patch({ used_at: fn.now() })) === 1;
  }

  async passkeys(userId: string): Promise<PasskeyRow[]> {
    return this.passkeyRows.query().where({ user_id: userId }).orderBy('created_at');
  }

  async passkey(userId: string, id: string, trx?: Knex.Transaction): Promise<PasskeyRow | undefined> {
    return this.passkeyRows.query(trx).findOne({ id, user_id: userId });
  }

  async passkeyByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.passkeyRows.query().findOne({ credential_id: credentialId });
  }

  async addPasskey(row: Omit<PasskeyRow, 'id' | 'created_at' | 'last_used_at'>): Promise<PasskeyRow> {
    try {
      return await this.passkeyRows.query().insert(row).returning('*');
    } catch (err) {
      mapUniqueViolation(err, () => conflict('factor_exists', 'This passkey is already registered.'));
    }
  }

  async renamePasskey(userId: string, id: string, name: string): Promise<boolean> {
    return (await this.passkeyRows.query().where({ id, user_id: userId }).patch({ name })) === 1;
  }

  async removePasskey(userId: string, id: string, trx?: Knex.Transaction): Promise<boolean> {
    return (await this.passkeyRows.query(trx).where({ id, user_id: userId }).delete()) === 1;
  }

  /** Removes every passkey of a user (a password reset) and returns what was removed. */
  async removePasskeys(userId: string, trx: Knex.Transaction): Promise<PasskeyRow[]> {
    return this.passkeyRows.query(trx).where({ user_id: userId }).delete().returning('*');
  }

  async recordPasskeyUse(id: string, signCount: number): Promise<void> {
    await this.passkeyRows.query().findById(id).patch({ sign_count: signCount, last_used_at: fn.now() });
  }

  /** Removes every factor of a user (administrator reset). */
  async removeAll(userId: string, trx: Knex.Transaction): Promise<void> {
    await this.totpFactors.query(trx).deleteById(userId);
    await this.recoveryCodes.query(trx).where({ user_id: userId }).delete();
    await this.passkeyRows.query(trx).where({ user_id: userId }).delete();
  }

  /** What a user has enrolled, for login and policy decisions. */
  /** Which of `userIds` have a second factor: a confirmed authenticator app or a passkey. */
  async enrolledAmong(userIds: string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const [totp, passkeys] = await Promise.all([
      this.totpFactors.query().whereIn('user_id', userIds).whereNotNull('confirmed_at').select('user_id'),
      this.passkeyRows.query().whereIn('user_id', userIds).distinct('user_id'),
    ]);
    return new Set([...totp, ...passkeys].map((r) => r.user_id));
  }

  async summary(userId: string, trx?: Knex.Transaction): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
    // One after another: inside a transaction they share one connection, which runs one query at a time.
    const totp = await this.totpFactors.query(trx).findById(userId).whereNotNull('confirmed_at').select('user_id');
    const passkeys = await this.passkeyRows.query(trx).where({ user_id: userId }).resultSize();
    const recoveryCodes = await this.recoveryCodes.query(trx).where({ user_id: userId }).whereNull('used_at').resultSize();
    return { totp: Boolean(totp), passkeys, recoveryCodes };
  }
}
