import type { ConditionSweep } from './condition-sweep.js';
import type { NotificationOutbox } from './notification-outbox.js';
import type { NotificationsBaseDeps } from './notifications-base-deps.js';
import type { WebhookDelivery } from './webhook-delivery.js';
import type { WebhooksService } from './webhooks.service.js';

export interface NotificationsDeps extends NotificationsBaseDeps {
  notificationOutbox: NotificationOutbox;
  webhookDelivery: WebhookDelivery;
  conditionSweep: ConditionSweep;
  webhooksService: WebhooksService;
}
