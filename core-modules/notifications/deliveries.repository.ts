import type { Knex } from 'knex';
import type { KernelDeps } from '../../kernel/kernel.js';
import { DeliveryModel, type DeliveryRow } from './notifications.models.js';

export type NewDelivery = Pick<DeliveryRow, 'event_key' | 'category' | 'severity' | 'webhook_id' | 'target' | 'subject' | 'payload'>;

/** The notification_deliveries table: the outbox and the delivery log. The only place that queries it. */
export class DeliveriesRepository {
  private readonly deliveries: typeof DeliveryModel;
  private readonly db: Knex;

  constructor({ db }: Pick<KernelDeps, 'db'>) {
    this.db = db;
    this.deliveries = DeliveryModel.bindKnex(db);
  }

  /** Inserts the new ones (an event already raised for a webhook is skipped); answers their ids. */
  async add(rows: NewDelivery[], trx?: Knex.Transaction): Promise<string[]> {
    if (!rows.length) return [];
    const inserted = await (trx ?? this.db)('notification_deliveries').insert(rows).onConflict(['webhook_id', 'event_key']).ignore().returning('id');
    return inserted.map((r: { id: string }) => r.id);
  }

  async get(id: string): Promise<DeliveryRow | undefined> {
    return await this.deliveries.query().findById(id);
  }

  async recent(limit: number): Promise<DeliveryRow[]> {
    return await this.deliveries.query().orderBy('created_at', 'desc').orderBy('id').limit(limit);
  }

  /** Records an attempt's outcome, only while the delivery is still pending (a repeated job changes nothing). */
  async settle(id: string, patch: Partial<Pick<DeliveryRow, 'status' | 'last_error' | 'sent_at'>>): Promise<void> {
    await this.deliveries
      .query()
      .where({ id, status: 'pending' })
      .patch({ ...patch, attempts: this.deliveries.raw('attempts + 1') as unknown as number });
  }

  async cancel(id: string, reason: string): Promise<void> {
    await this.deliveries.query().where({ id, status: 'pending' }).patch({ status: 'cancelled', last_error: reason });
  }

  async counts(): Promise<{ pending: number; recentFailures: number; any: boolean }> {
    const row = (await this.deliveries
      .query()
      .select(
        this.deliveries.raw(`count(*) FILTER (WHERE status = 'pending')::int AS pending`),
        this.deliveries.raw(`count(*) FILTER (WHERE status = 'failed' AND created_at > now() - interval '24 hours')::int AS "recentFailures"`),
        this.deliveries.raw('count(*) > 0 AS any'),
      )
      .first()) as unknown as { pending: number; recentFailures: number; any: boolean };
    return row;
  }

  /** Removes settled deliveries older than `days`; pending ones stay. */
  async purge(days: number): Promise<number> {
    return this.deliveries.query().whereNot({ status: 'pending' }).whereRaw(`created_at < now() - make_interval(days => ?)`, [days]).delete();
  }
}
