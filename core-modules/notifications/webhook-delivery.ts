import type { NotificationsBaseDeps } from './notifications-base-deps.js';
import { postSigned, type SendOutcome } from './webhook-sender.js';

/** The seal of a webhook's signing secret is bound to its row. */
export const secretContext = (webhookId: string) => `notification webhook ${webhookId}`;

/** Retries after the first attempt: six in all, over about a quarter of an hour (30 s doubling). */
export const DELIVERY_RETRIES = 5;

/** Sends one queued delivery (the job's work); a repeated job finds it settled and does nothing. */
export class WebhookDelivery {
  constructor(private readonly d: Pick<NotificationsBaseDeps, 'webhooksRepository' | 'deliveriesRepository' | 'secretBox'>) {}

  /** Throws when the delivery should be tried again (the job's retry does it). */
  async deliver(deliveryId: string, retryCount: number): Promise<void> {
    const { deliveriesRepository: deliveries } = this.d;
    const delivery = await deliveries.get(deliveryId);
    if (delivery?.status !== 'pending') return;
    const webhook = delivery.webhook_id ? await this.d.webhooksRepository.get(delivery.webhook_id) : undefined;
    if (!webhook) return deliveries.cancel(deliveryId, 'The webhook was removed.');
    if (!webhook.enabled) return deliveries.cancel(deliveryId, 'The webhook is turned off.');
    const outcome = await this.send(webhook, delivery.event_key, delivery.payload);
    if (outcome.ok) return deliveries.settle(deliveryId, { status: 'sent', sent_at: new Date(), last_error: null });
    if (outcome.permanent || retryCount >= DELIVERY_RETRIES) return deliveries.settle(deliveryId, { status: 'failed', last_error: outcome.error });
    await deliveries.settle(deliveryId, { last_error: outcome.error });
    throw new Error(`webhook delivery will be retried: ${outcome.error}`);
  }

  /** Signs and posts, and records the attempt on the webhook. */
  async send(webhook: { id: string; url: string; signing_secret: string }, event: string, payload: unknown): Promise<SendOutcome> {
    const secret = this.d.secretBox.open(webhook.signing_secret, secretContext(webhook.id));
    const outcome = await postSigned(webhook.url, secret, event, Buffer.from(JSON.stringify(payload)));
    await this.d.webhooksRepository.recordAttempt(webhook.id, { error: outcome.ok ? null : outcome.error });
    return outcome;
  }
}
