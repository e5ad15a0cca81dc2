import type { Knex } from 'knex';

/** Archive state of assets: archived_at, and the expiry a restore clears. */
export class AssetArchiveRepository {
  /** Keeps the first archive time of an asset archived twice. */
  archive(ids: string[], trx: Knex.Transaction): Promise<number> {
    return trx('assets')
      .whereIn('id', ids)
      .update({ archived_at: trx.raw('coalesce(archived_at, now())'), updated_at: trx.fn.now() });
  }

  /** Restoring an expired asset also clears the expiry, or it would be archived again at once. */
  restore(ids: string[], trx: Knex.Transaction): Promise<number> {
    return trx('assets')
      .whereIn('id', ids)
      .update({
        archived_at: null,
        expires_at: trx.raw('CASE WHEN expires_at <= now() THEN NULL ELSE expires_at END'),
        updated_at: trx.fn.now(),
      });
  }
}
