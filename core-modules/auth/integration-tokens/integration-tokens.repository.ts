import type { Knex } from 'knex';
import { fn, raw } from 'objection';
import { IntegrationTokenModel } from '../auth.models.js';
import type { IntegrationTokenRow } from '../auth.models.js';
import type { KernelDeps } from '../../../kernel/kernel.js';

export type NewIntegrationToken = Pick<IntegrationTokenRow, 'name' | 'public_id' | 'secret_hash' | 'scopes' | 'data_source_ids' | 'created_by' | 'expires_at'>;

/** A token as the authenticator needs it, with the facts that depend on the database clock. */
export interface TokenForAuth extends IntegrationTokenRow {
  /** The creator still exists, is active and is still an Owner (tokens carry an Owner's grant). */
  creator_authorized: boolean | null;
  expired: boolean;
  /** Used within the last minute: no need to write last_used_at again. */
  recently_used: boolean;
}

// last_used_at is written at most once a minute per token, so a busy integration does not write a
// row per request. The read-side shortcut and the conditional write share this window.
const TOUCH_WINDOW = `interval '1 minute'`;

/** The integration_tokens table. The only place that queries it. */
export class IntegrationTokensRepository {
  private readonly tokens: typeof IntegrationTokenModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.tokens = IntegrationTokenModel.bindKnex(db);
  }

  async list(): Promise<IntegrationTokenRow[]> {
    return this.tokens.query().orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  }

  async insert(token: NewIntegrationToken, trx?: Knex.Transaction): Promise<IntegrationTokenRow> {
    return this.tokens.query(trx).insert(token).returning('*');
  }

  /** Marks a live token revoked; undefined when it does not exist or was revoked already. */
  async revoke(id: string, trx?: Knex.Transaction): Promise<IntegrationTokenRow | undefined> {
    return this.tokens.query(trx).where({ id }).whereNull('revoked_at').patch({ revoked_at: fn.now() }).returning('*').first();
  }

  /** One query per request: the token, whether its creator still holds an Owner's authority, and clock-based facts. */
  async byPublicIdForAuth(publicId: string): Promise<TokenForAuth | undefined> {
    return this.tokens
      .query()
      .alias('t')
      .leftJoin('users as u', 'u.id', 't.created_by')
      .where('t.public_id', publicId)
      .select(
        't.*',
        raw(`(u.active AND u.role = 'owner') AS creator_authorized`),
        raw(`(t.expires_at IS NOT NULL AND t.expires_at <= now()) AS expired`),
        raw(`(t.last_used_at IS NOT NULL AND t.last_used_at >= now() - ${TOUCH_WINDOW}) AS recently_used`),
      )
      .first()
      .castTo<TokenForAuth | undefined>();
  }

  /** Sets last_used_at unless another request (on any process) did so within the last minute. */
  async touchLastUsed(id: string): Promise<void> {
    await this.tokens.query().findById(id).whereRaw(`(last_used_at IS NULL OR last_used_at < now() - ${TOUCH_WINDOW})`).patch({ last_used_at: fn.now() });
  }
}
