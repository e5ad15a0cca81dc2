import type { Knex } from 'knex';
import { mapUniqueViolation } from '../../kernel/db/database.js';
import { conflict } from '../../kernel/errors.js';

export interface TotpRow {
  user_id: string;
  secret: string;
  confirmed_at: Date | null;
  last_used_step: number | null;
}

export interface PasskeyRow {
  id: string;
  user_id: string;
  name: string;
  credential_id: string;
  public_key: Buffer;
  sign_count: number;
  transports: string[];
  aaguid: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

/** Second factors: TOTP, recovery codes, passkeys. */
export class FactorsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
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

  totp(userId: string, trx?: Knex.Transaction): Promise<TotpRow | undefined> {
    return (trx ?? this.db)<TotpRow>('user_totp_factors').where({ user_id: userId }).first();
  }

  /**
   * Stores a new pending secret, replacing an earlier unconfirmed one; false when a confirmed factor
   * exists (it is never overwritten, even by a request that raced the confirmation).
   */
  async startTotp(userId: string, secret: string): Promise<boolean> {
    const rows = await this.db('user_totp_factors')
      .insert({ user_id: userId, secret })
      .onConflict('user_id')
      .merge({ secret, created_at: this.db.fn.now(), last_used_step: null })
      .whereNull('user_totp_factors.confirmed_at')
      .returning('user_id');
    return rows.length === 1;
  }

  async confirmTotp(userId: string, step: number): Promise<boolean> {
    const n = await this.db('user_totp_factors').where({ user_id: userId }).whereNull('confirmed_at').update({ confirmed_at: this.db.fn.now(), last_used_step: step });
    return n === 1;
  }

  /** Records use of `step`; false when that step (or a later one) was already used: a replay. */
  async useTotpStep(userId: string, step: number): Promise<boolean> {
    const n = await this.db('user_totp_factors')
      .where({ user_id: userId })
      .whereNotNull('confirmed_at')
      .andWhere((q) => q.whereNull('last_used_step').orWhere('last_used_step', '<', step))
      .update({ last_used_step: step });
    return n === 1;
  }

  async removeTotp(userId: string, trx?: Knex.Transaction): Promise<void> {
    await (trx ?? this.db)('user_totp_factors').where({ user_id: userId }).delete();
  }

  unusedRecoveryCodes(userId: string): Promise<{ id: string; code_hash: string }[]> {
    return this.db('user_recovery_codes').where({ user_id: userId }).whereNull('used_at').select('id', 'code_hash');
  }

  async replaceRecoveryCodes(userId: string, hashes: string[]): Promise<void> {
    await this.db.transaction(async (trx) => {
      await trx('user_recovery_codes').where({ user_id: userId }).delete();
      await trx('user_recovery_codes').insert(hashes.map((code_hash) => ({ user_id: userId, code_hash })));
    });
  }

  /** Marks a code used; false if another request used it first. */
  async useRecoveryCode(id: string): Promise<boolean> {
    return (await this.db('user_recovery_codes').where({ id }).whereNull('used_at').update({ used_at: this.db.fn.now() })) === 1;
  }

  passkeys(userId: string): Promise<PasskeyRow[]> {
    return this.db<PasskeyRow>('user_passkeys').where({ user_id: userId }).orderBy('created_at');
  }

  passkey(userId: string, id: string, trx?: Knex.Transaction): Promise<PasskeyRow | undefined> {
    return (trx ?? this.db)<PasskeyRow>('user_passkeys').where({ id, user_id: userId }).first();
  }

  passkeyByCredentialId(credentialId: string): Promise<PasskeyRow | undefined> {
    return this.db<PasskeyRow>('user_passkeys').where({ credential_id: credentialId }).first();
  }

  async addPasskey(row: Omit<PasskeyRow, 'id' | 'created_at' | 'last_used_at'>): Promise<PasskeyRow> {
    try {
      const [created] = await this.db<PasskeyRow>('user_passkeys').insert(row).returning('*');
      return created!;
    } catch (err) {
      mapUniqueViolation(err, () => conflict('factor_exists', 'This passkey is already registered.'));
    }
  }

  async renamePasskey(userId: string, id: string, name: string): Promise<boolean> {
    return (await this.db('user_passkeys').where({ id, user_id: userId }).update({ name })) === 1;
  }

  async removePasskey(userId: string, id: string, trx?: Knex.Transaction): Promise<boolean> {
    return (await (trx ?? this.db)('user_passkeys').where({ id, user_id: userId }).delete()) === 1;
  }

  async recordPasskeyUse(id: string, signCount: number): Promise<void> {
    await this.db('user_passkeys').where({ id }).update({ sign_count: signCount, last_used_at: this.db.fn.now() });
  }

  /** Removes every factor of a user (administrator reset). */
  async removeAll(userId: string, trx: Knex.Transaction): Promise<void> {
    await trx('user_totp_factors').where({ user_id: userId }).delete();
    await trx('user_recovery_codes').where({ user_id: userId }).delete();
    await trx('user_passkeys').where({ user_id: userId }).delete();
  }

  /** What a user has enrolled, for login and policy decisions. */
  async summary(userId: string, trx?: Knex.Transaction): Promise<{ totp: boolean; passkeys: number; recoveryCodes: number }> {
    const q = trx ?? this.db;
    // One after another: inside a transaction they share one connection, which runs one query at a time.
    const totp = await q('user_totp_factors').where({ user_id: userId }).whereNotNull('confirmed_at').first('user_id');
    const passkeys = await q('user_passkeys').where({ user_id: userId }).count({ n: '*' }).first();
    const codes = await q('user_recovery_codes').where({ user_id: userId }).whereNull('used_at').count({ n: '*' }).first();
    return { totp: Boolean(totp), passkeys: Number(passkeys?.n ?? 0), recoveryCodes: Number(codes?.n ?? 0) };
  }
}
