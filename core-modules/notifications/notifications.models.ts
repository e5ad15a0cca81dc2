import { TableModel } from '../../kernel/db/table-model.js';
import type { NotificationCategory, NotificationSeverity } from './notifications.api.js';

export interface WebhookRow {
  id: string;
  name: string;
  url: string;
  /** Sealed (SecretBox), bound to the row's id. */
  signing_secret: string;
  enabled: boolean;
  categories: NotificationCategory[];
  last_attempt_at: Date | null;
  last_success_at: Date | null;
  last_error: string | null;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export type DeliveryStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

export interface DeliveryRow {
  id: string;
  event_key: string;
  category: NotificationCategory;
  severity: NotificationSeverity;
  webhook_id: string | null;
  /** The webhook's name when the event was raised. */
  target: string;
  subject: string;
  payload: Record<string, unknown>;
  status: DeliveryStatus;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

export interface ConditionRow {
  id: string;
  kind: string;
  subject: string;
  title: string;
  data: Record<string, unknown>;
  opened_at: Date;
  recovered_at: Date | null;
  announced: boolean;
}

export class WebhookModel extends TableModel {
  static override tableName = 'notification_webhooks';
}
export interface WebhookModel extends WebhookRow {}

export class DeliveryModel extends TableModel {
  static override tableName = 'notification_deliveries';
}
export interface DeliveryModel extends DeliveryRow {}

export class ConditionModel extends TableModel {
  static override tableName = 'notification_conditions';
}
export interface ConditionModel extends ConditionRow {}
