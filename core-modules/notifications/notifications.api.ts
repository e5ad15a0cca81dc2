import type { Knex } from 'knex';
import { exportRef } from '../../kernel/export-ref.js';
import type { NotificationEvent } from './notification-outbox.js';

export type { NotificationEvent } from './notification-outbox.js';

/**
 * The reference's four categories, and `review` (content waiting for someone's approval). A
 * webhook with no categories receives every one.
 */
export const NOTIFICATION_CATEGORIES = ['incident', 'content_health', 'backup', 'update', 'review'] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_SEVERITIES = ['info', 'warning', 'error', 'critical'] as const;
export type NotificationSeverity = (typeof NOTIFICATION_SEVERITIES)[number];

/** One subject a condition holds for now: a screen that stopped reporting, an asset that failed. */
export interface ConditionFact {
  /** What it is about, unique within its condition (a screen id). */
  subject: string;
  /** One line: `Screen stopped reporting - Lobby`. */
  title: string;
  message: string;
  /** When it began, when known: one that began over a day ago is recorded without telling anyone (history is not news). */
  since?: Date;
  /** Facts a receiver may act on (ids, names, a console path). */
  data?: Record<string, unknown>;
}

/**
 * A problem the server can see from its current state. Every minute the notifications module asks
 * each condition what holds now; a subject that appears opens an incident (one message), one that
 * disappears recovers it (one `info` message). A flapping screen is one problem, not ten.
 */
export interface NotificationCondition {
  /** Unique, kebab-case: `screen-offline`. */
  kind: string;
  category: NotificationCategory;
  severity: NotificationSeverity;
  /** What the recovery says (its title is `Recovered: ` and the opening's): `The screen is reporting again.` */
  recoveredMessage: string;
  current(): Promise<ConditionFact[]>;
}

/** Where modules add the conditions they can see (in a start hook). */
export interface NotificationConditions {
  add(condition: NotificationCondition): void;
}

export const notificationConditionsRef = exportRef<NotificationConditions>('notifications', 'notificationConditions');

/**
 * Telling of a change as it happens, rather than of a condition seen by the minute sweep (a
 * submission approved): one delivery per subscribed webhook, queued in the change's transaction.
 */
export interface NotificationEvents {
  raise(events: NotificationEvent[], trx: Knex.Transaction): Promise<void>;
}

export const notificationEventsRef = exportRef<NotificationEvents>('notifications', 'notificationEvents');
