import type { Knex } from 'knex';

/** A credential as the authenticator needs it, with the facts that depend on the database clock. */
export interface CredentialForAuth {
  id: string;
  screen_id: string;
  secret_hash: string;
  revoked_at: Date | null;
  screen_enabled: boolean;
  /** Used within the touch window: no need to write last_used_at again. */
  recently_used: boolean;
}

// last_used_at is written at most once per window per credential, so a fleet of heartbeating
// players does not turn every request into a row write.
const TOUCH_WINDOW = `interval '5 minutes'`;

/** The screen_credentials table. The only place that queries it. */
export class CredentialsRepository {
  private readonly db: Knex;

  constructor({ db }: { db: Knex }) {
    this.db = db;
  }

  /** One query per device request. */
  forAuth(publicId: string): Promise<CredentialForAuth | undefined> {
    return this.db('screen_credentials as c')
      .join('screens as s', 's.id', 'c.screen_id')
      .where('c.public_id', publicId)
      .first(
        'c.id',
        'c.screen_id',
        'c.secret_hash',
        'c.revoked_at',
        's.enabled as screen_enabled',
        this.db.raw(`(c.last_used_at IS NOT NULL AND c.last_used_at >= now() - ${TOUCH_WINDOW}) AS recently_used`),
      );
  }

  /** Sets last_used_at unless a request on any process did so within the window. */
  async touchLastUsed(id: string): Promise<void> {
    await this.db('screen_credentials')
      .where({ id })
      .whereRaw(`(last_used_at IS NULL OR last_used_at < now() - ${TOUCH_WINDOW})`)
      .update({ last_used_at: this.db.fn.now() });
  }

  async insert(values: { screen_id: string; public_id: string; secret_hash: string }, trx: Knex.Transaction): Promise<string> {
    const [row] = await trx('screen_credentials').insert(values).returning('id');
    return row!.id as string;
  }

  /** Revokes every live credential of a screen (but `keep`); returns the ids it revoked. */
  async revokeActive(screenId: string, reason: string, trx: Knex.Transaction, keep?: string): Promise<string[]> {
    const query = trx('screen_credentials').where({ screen_id: screenId }).whereNull('revoked_at');
    if (keep) query.whereNot({ id: keep });
    const rows = await query.update({ revoked_at: trx.fn.now(), revocation_reason: reason }).returning('id');
    return rows.map((r: { id: string }) => r.id);
  }
}
