import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { ConditionSweep } from './condition-sweep.js';
import { ConditionsRepository } from './conditions.repository.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { NotificationOutbox } from './notification-outbox.js';
import { notificationConditionsRef, notificationEventsRef } from './notifications.api.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { notificationsJobs } from './notifications.jobs.js';
import { notificationsRoutes } from './notifications.routes.js';
import { secretContext, WebhookDelivery } from './webhook-delivery.js';
import { WebhooksRepository } from './webhooks.repository.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Outgoing notifications: webhooks that receive signed JSON when a condition the server can see
 * opens or recovers (a screen stops reporting, processing fails, content waits for review). Modules
 * add their conditions to `notificationConditions`; deliveries are jobs, retried with backoff, so
 * nothing that causes one waits for a receiver.
 */
export const notificationsModule = definePlugin<NotificationsDeps>({
  name: 'notifications',
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      webhooksRepository: asClass(WebhooksRepository).singleton(),
      deliveriesRepository: asClass(DeliveriesRepository).singleton(),
      conditionsRepository: asClass(ConditionsRepository).singleton(),
      notificationOutbox: asFunction((d: NotificationsDeps) => new NotificationOutbox(d)).singleton(),
      webhookDelivery: asFunction((d: NotificationsDeps) => new WebhookDelivery(d)).singleton(),
      conditionSweep: asFunction((d: NotificationsDeps) => new ConditionSweep(d)).singleton(),
      webhooksService: asFunction((d: NotificationsDeps) => new WebhooksService(d)).singleton(),
    });
    r.export(
      notificationConditionsRef,
      asFunction((d: NotificationsDeps) => d.conditionSweep),
    );
    r.export(
      notificationEventsRef,
      asFunction((d: NotificationsDeps) => d.notificationOutbox),
    );
    r.routes(notificationsRoutes);
    r.jobs(notificationsJobs);
    r.onStart(({ secretBox, webhooksRepository }) => {
      secretBox.register({
        name: 'notifications: webhook signing secrets',
        reseal: async () => {
          let changed = 0;
          for (const row of await webhooksRepository.sealed()) {
            if (secretBox.isCurrent(row.signing_secret)) continue;
            changed += await webhooksRepository.replaceSecret(row.id, row.signing_secret, secretBox.reseal(row.signing_secret, secretContext(row.id)));
          }
          return changed;
        },
      });
    });
  },
});
