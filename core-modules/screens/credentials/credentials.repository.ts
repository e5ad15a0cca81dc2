import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { CredentialModel } from '../screens.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

/** A row of `screen_credentials`. */
export interface CredentialRow {
  id: string;
  screen_id: string;
  public_id: string;
  secret_hash: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  revocation_reason: string | null;
}

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
  private readonly credentials: typeof CredentialModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.credentials = CredentialModel.bindKnex(db);
  }

  /** One query per device request. */
  async forAuth(publicId: string): Promise<CredentialForAuth | undefined> {
    return this.credentials
      .query()
      .alias('c')
      .join('screens as s', 's.id', 'c.screen_id')
      .findOne({ 'c.public_id': publicId })
      .select(
        'c.id',
        'c.screen_id',
        'c.secret_hash',
        'c.revoked_at',
        's.enabled as screen_enabled',
        raw(`(c.last_used_at IS NOT NULL AND c.last_used_at >= now() - ${TOUCH_WINDOW}) AS recently_used`),
      )
      .castTo<CredentialForAuth | undefined>();
  }

  /** Sets last_used_at unless a request on any process did so within the window. */
  async touchLastUsed(id: string): Promise<void> {
    await this.credentials.query().findById(id).whereRaw(`(last_used_at IS NULL OR last_used_at < now() - ${TOUCH_WINDOW})`).patch({ last_used_at: fn.now() });
  }

  async insert(values: { screen_id: string; public_id: string; secret_hash: string }, trx: Knex.Transaction): Promise<string> {
    const { id } = await this.credentials.query(trx).insert(values).returning('id');
    return id;
  }

  /** Revokes every live credential of a screen (but `keep`); returns the ids it revoked. */
  async revokeActive(screenId: string, reason: string, trx: Knex.Transaction, keep?: string): Promise<string[]> {
    const query = this.credentials.query(trx).where({ screen_id: screenId }).whereNull('revoked_at');
    if (keep) query.whereNot({ id: keep });
    const rows = await query.patch({ revoked_at: fn.now(), revocation_reason: reason }).returning('id');
    return rows.map((r) => r.id);
  }
}
