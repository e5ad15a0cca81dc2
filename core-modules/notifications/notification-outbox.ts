import type { Knex } from 'knex';
import type { NotificationCategory, NotificationSeverity } from './notifications.api.js';
import type { NotificationsBaseDeps } from './notifications-base-deps.js';

/** A transition worth telling: the body a receiver gets, and its key (the same key is sent once per webhook). */
export interface NotificationEvent {
  /** `condition:<id>:opened`. */
  key: string;
  category: NotificationCategory;
  severity: NotificationSeverity;
  title: string;
  message: string;
  occurredAt: Date;
  data: Record<string, unknown>;
}

export const DELIVER_WEBHOOK_JOB = 'notifications.deliver-webhook';

/**
 * Raising an event writes one delivery per subscribed webhook and queues its job in the caller's
 * transaction: nothing is sent for a change that rolled back, and the change never waits on a receiver.
 */
export class NotificationOutbox {
  constructor(private readonly d: Pick<NotificationsBaseDeps, 'jobs' | 'webhooksRepository' | 'deliveriesRepository'>) {}

  async raise(events: NotificationEvent[], trx: Knex.Transaction): Promise<void> {
    for (const event of events) {
      const webhooks = await this.d.webhooksRepository.subscribers(event.category, trx);
      const ids = await this.d.deliveriesRepository.add(
        webhooks.map((webhook) => ({
          event_key: event.key,
          category: event.category,
          severity: event.severity,
          webhook_id: webhook.id,
          target: webhook.name,
          subject: event.title,
          payload: receiverBody(event),
        })),
        trx,
      );
      for (const deliveryId of ids) await this.d.jobs.send(DELIVER_WEBHOOK_JOB, { deliveryId }, { trx });
    }
  }
}

/** What a receiver is posted. Fields may be added later; none is removed or reused. */
export function receiverBody(event: NotificationEvent): Record<string, unknown> {
  return {
    event: event.key,
    category: event.category,
    severity: event.severity,
    title: event.title,
    message: event.message,
    occurredAt: event.occurredAt.toISOString(),
    data: event.data,
  };
}
