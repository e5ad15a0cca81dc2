import type { KernelDeps } from '../../kernel/kernel.js';
import type { ConditionsRepository } from './conditions.repository.js';
import type { DeliveriesRepository } from './deliveries.repository.js';
import type { WebhooksRepository } from './webhooks.repository.js';

/** What the notifications services build on: the kernel and the module's repositories. */
export interface NotificationsBaseDeps extends KernelDeps {
  webhooksRepository: WebhooksRepository;
  deliveriesRepository: DeliveriesRepository;
  conditionsRepository: ConditionsRepository;
}
