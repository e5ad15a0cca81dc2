import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';

/** The `login_background` row: which asset the sign-in page shows, if any. */
export class LoginBackgroundRepository {
  private readonly db: Knex;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
  }

  async assetId(trx?: Knex.Transaction): Promise<string | null> {
    const row = await (trx ?? this.db)('login_background').first('asset_id');
    return row?.asset_id ?? null;
  }

  async set(assetId: string | null, userId: string, trx: Knex.Transaction): Promise<void> {
    await trx('login_background').update({ asset_id: assetId, updated_by: userId, updated_at: trx.fn.now() });
  }

  /** Whether any of `assetIds` is the sign-in page's image. */
  async uses(assetIds: string[], trx?: Knex.Transaction): Promise<string | null> {
    const row = await (trx ?? this.db)('login_background').whereIn('asset_id', assetIds).first('asset_id');
    return row?.asset_id ?? null;
  }
}
