import { Type } from '@sinclair/typebox';
import { retentionJob } from '../../kernel/jobs/retention-job.js';
import { Uuid } from '../../kernel/http/wire.js';
import { jobFor } from '../../kernel/plugin.js';
import { DELIVER_WEBHOOK_JOB } from './notification-outbox.js';
import type { NotificationsDeps } from './notifications-deps.js';
import { DELIVERY_RETRIES } from './webhook-delivery.js';

/** Settled deliveries and recovered conditions are kept this long; pending ones until they settle. */
const KEEP_DAYS = 30;

const job = jobFor<NotificationsDeps>();

export const notificationsJobs = [
  job({
    name: DELIVER_WEBHOOK_JOB,
    payload: Type.Object({ deliveryId: Uuid }),
    retry: { limit: DELIVERY_RETRIES, delaySeconds: 30, backoff: true },
    expireInSeconds: 60,
    handler: (payload, deps, run) => deps.webhookDelivery.deliver(payload.deliveryId, run.retryCount),
  }),
  job({
    name: 'notifications.check-conditions',
    payload: Type.Object({}),
    cron: '* * * * *',
    expireInSeconds: 120,
    handler: async (_payload, deps) => {
      await deps.conditionSweep.sweep();
    },
    retry: { limit: 0, delaySeconds: 60 },
  }),
  retentionJob<NotificationsDeps>({
    name: 'notifications.purge-deliveries',
    cron: '40 3 * * *',
    what: 'old notification deliveries and recovered conditions',
    purge: async (deps) => ({
      deliveries: await deps.deliveriesRepository.purge(KEEP_DAYS),
      conditions: await deps.conditionsRepository.purge(KEEP_DAYS),
    }),
  }),
];
