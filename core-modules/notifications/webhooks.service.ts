import { randomBytes, randomUUID } from 'node:crypto';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { conflict, invalidInput, notFound } from '../../kernel/errors.js';
import type { NotificationsBaseDeps } from './notifications-base-deps.js';
import type { DeliveryRow, WebhookRow } from './notifications.models.js';
import { receiverBody } from './notification-outbox.js';
import { secretContext, type WebhookDelivery } from './webhook-delivery.js';
import { webhookUrlProblem } from './webhook-sender.js';
import type { WebhookFields } from './webhooks.repository.js';

const webhookNotFound = () => notFound('not_found', 'No such webhook.');

type Deps = Pick<NotificationsBaseDeps, 'db' | 'secretBox' | 'auditLog' | 'webhooksRepository' | 'deliveriesRepository'> & { webhookDelivery: WebhookDelivery };

/** Receivers of notifications, their test and the delivery log. */
export class WebhooksService {
  constructor(private readonly d: Deps) {}

  list(): Promise<WebhookRow[]> {
    return this.d.webhooksRepository.list();
  }

  /** The signing secret is in this answer and nowhere else, ever. */
  async create(actor: ConsolePrincipal, fields: Omit<WebhookFields, 'enabled'>, ip: string): Promise<{ webhook: WebhookRow; signingSecret: string }> {
    checkUrl(fields.url);
    const id = randomUUID();
    const signingSecret = `whsec_${randomBytes(32).toString('base64url')}`;
    const webhook = await this.d.db.transaction(async (trx) => {
      const row = await this.d.webhooksRepository.create(
        { ...fields, id, enabled: true, signing_secret: this.d.secretBox.seal(signingSecret, secretContext(id)), created_by: actor.userId },
        trx,
      );
      await this.d.auditLog.record(
        { action: 'notification.webhook_created', actor, resourceType: 'notification_webhook', resourceId: id, ip, metadata: audited(fields.name, fields.url) },
        trx,
      );
      return row;
    });
    return { webhook, signingSecret };
  }

  async update(actor: ConsolePrincipal, id: string, fields: WebhookFields, ip: string): Promise<WebhookRow> {
    checkUrl(fields.url);
    return this.d.db.transaction(async (trx) => {
      const row = await this.d.webhooksRepository.update(id, fields, trx);
      if (!row) throw webhookNotFound();
      await this.d.auditLog.record(
        {
          action: 'notification.webhook_updated',
          actor,
          resourceType: 'notification_webhook',
          resourceId: id,
          ip,
          metadata: { ...audited(fields.name, fields.url), enabled: fields.enabled },
        },
        trx,
      );
      return row;
    });
  }

  /** Its pending deliveries are cancelled when their jobs run; the log keeps what was sent. */
  async delete(actor: ConsolePrincipal, id: string, ip: string): Promise<void> {
    await this.d.db.transaction(async (trx) => {
      if (!(await this.d.webhooksRepository.delete(id, trx))) throw webhookNotFound();
      await this.d.auditLog.record({ action: 'notification.webhook_deleted', actor, resourceType: 'notification_webhook', resourceId: id, ip }, trx);
    });
  }

  /** Sends a test event now, whatever its categories (a turned-off webhook too: that is how one is checked before turning it on). */
  async test(id: string): Promise<{ delivered: boolean; error?: string }> {
    const webhook = await this.d.webhooksRepository.get(id);
    if (!webhook) throw webhookNotFound();
    const event = {
      key: `test:${randomUUID()}`,
      category: 'incident' as const,
      severity: 'info' as const,
      title: 'Test notification',
      message: 'This webhook receives signage-server notifications.',
      occurredAt: new Date(),
      data: { test: true },
    };
    const payload = receiverBody(event);
    const [deliveryId] = await this.d.deliveriesRepository.add([
      { event_key: event.key, category: event.category, severity: event.severity, webhook_id: id, target: webhook.name, subject: event.title, payload },
    ]);
    const outcome = await this.d.webhookDelivery.send(webhook, event.key, payload);
    const settled = outcome.ok ? { status: 'sent' as const, sent_at: new Date() } : { status: 'failed' as const, last_error: outcome.error };
    if (deliveryId) await this.d.deliveriesRepository.settle(deliveryId, settled);
    return outcome.ok ? { delivered: true } : { delivered: false, error: outcome.error };
  }

  deliveries(limit: number): Promise<DeliveryRow[]> {
    return this.d.deliveriesRepository.recent(limit);
  }

  async status() {
    const counts = await this.d.deliveriesRepository.counts();
    return {
      emailConfigured: false,
      emailUnavailableReason: 'This server sends notifications by webhook only; it has no email relay.',
      pendingCount: counts.pending,
      recentFailureCount: counts.recentFailures,
      hasDeliveryHistory: counts.any,
    };
  }

  /** What the reference answers a test email when no relay is set. */
  emailTest(): never {
    throw conflict('email_not_configured', 'This server sends notifications by webhook only; it has no email relay.');
  }
}

function checkUrl(url: string): void {
  const problem = webhookUrlProblem(url);
  if (problem) throw invalidInput('invalid_webhook', `The webhook URL ${problem}.`, 'body/url');
}

// A receiver URL may carry a token in its path or query (many chat relays work that way): the audit keeps its host only.
const audited = (name: string, url: string) => ({ name, host: URL.canParse(url) ? new URL(url).host : '' });
