import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import type { NotificationCategory } from './notifications.api.js';
import { WebhookModel, type WebhookRow } from './notifications.models.js';

export interface WebhookFields {
  name: string;
  url: string;
  enabled: boolean;
  categories: NotificationCategory[];
}

/** The notification_webhooks table. The only place that queries it. */
export class WebhooksRepository {
  private readonly webhooks: typeof WebhookModel;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.webhooks = WebhookModel.bindKnex(db);
  }

  async list(): Promise<WebhookRow[]> {
    return await this.webhooks.query().orderBy('created_at', 'desc').orderBy('id');
  }

  async get(id: string, trx?: Knex.Transaction): Promise<WebhookRow | undefined> {
    return await this.webhooks.query(trx).findById(id);
  }

  async create(row: WebhookFields & { id: string; signing_secret: string; created_by: string }, trx: Knex.Transaction): Promise<WebhookRow> {
    return this.webhooks.query(trx).insert(row).returning('*') as unknown as Promise<WebhookRow>;
  }

  async update(id: string, fields: WebhookFields, trx: Knex.Transaction): Promise<WebhookRow | undefined> {
    const [row] = await this.webhooks
      .query(trx)
      .where({ id })
      .patch({ ...fields, updated_at: new Date() })
      .returning('*');
    return row;
  }

  async delete(id: string, trx: Knex.Transaction): Promise<boolean> {
    return (await this.webhooks.query(trx).deleteById(id)) > 0;
  }

  /** The enabled webhooks that take a category (no categories: every one). */
  async subscribers(category: NotificationCategory, trx: Knex.Transaction): Promise<Pick<WebhookRow, 'id' | 'name'>[]> {
    return await this.webhooks.query(trx).select('id', 'name').where({ enabled: true }).whereRaw(`(categories = '{}' OR ? = ANY(categories))`, [category]);
  }

  async recordAttempt(id: string, outcome: { error: string | null }): Promise<void> {
    const now = new Date();
    await this.webhooks
      .query()
      .where({ id })
      .patch({ last_attempt_at: now, last_error: outcome.error, ...(outcome.error ? {} : { last_success_at: now }) });
  }

  /** Every sealed secret not sealed with the current key, for a key rotation. */
  async sealed(): Promise<Pick<WebhookRow, 'id' | 'signing_secret'>[]> {
    return await this.webhooks.query().select('id', 'signing_secret');
  }

  async replaceSecret(id: string, was: string, now: string): Promise<number> {
    return this.webhooks.query().where({ id, signing_secret: was }).patch({ signing_secret: now });
  }
}
