import { Type } from '@sinclair/typebox';
import { Stamp, Uuid } from '../../kernel/http/wire.js';
import { NOTIFICATION_CATEGORIES, NOTIFICATION_SEVERITIES } from './notifications.api.js';
import type { DeliveryRow, WebhookRow } from './notifications.models.js';

const Category = Type.Union(NOTIFICATION_CATEGORIES.map((c) => Type.Literal(c)));
const Categories = Type.Array(Category, { uniqueItems: true, maxItems: NOTIFICATION_CATEGORIES.length, description: 'None: every category.' });

export const WebhookSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  url: Type.String(),
  enabled: Type.Boolean(),
  categories: Categories,
  lastAttemptAt: Type.Optional(Stamp),
  lastSuccessAt: Type.Optional(Stamp),
  lastError: Type.Optional(Type.String({ description: 'Why the last attempt failed; absent after a success.' })),
  createdAt: Stamp,
});

const Name = Type.String({ minLength: 1, maxLength: 120 });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'https://, or http:// for a receiver on the local network; no user name or password.' });

export const CreateWebhookSchema = Type.Object({ name: Name, url: Url, categories: Type.Optional(Categories) });
export const UpdateWebhookSchema = Type.Object({ name: Name, url: Url, enabled: Type.Boolean(), categories: Categories });

export const WebhookCreatedSchema = Type.Object({
  webhook: WebhookSchema,
  signingSecret: Type.String({ description: 'Shown this once: no route reads it back.' }),
  secretNotice: Type.String(),
});

export const DeliverySchema = Type.Object({
  id: Uuid,
  eventKey: Type.String(),
  category: Category,
  severity: Type.Union(NOTIFICATION_SEVERITIES.map((s) => Type.Literal(s))),
  channel: Type.Literal('webhook'),
  target: Type.String({ description: 'The webhook’s name when the event was raised.' }),
  subject: Type.String(),
  status: Type.Union(['pending', 'sent', 'failed', 'cancelled'].map((s) => Type.Literal(s))),
  attempts: Type.Integer({ minimum: 0 }),
  lastError: Type.Optional(Type.String()),
  createdAt: Stamp,
  sentAt: Type.Optional(Stamp),
});

export const StatusSchema = Type.Object({
  emailConfigured: Type.Boolean(),
  emailUnavailableReason: Type.String(),
  pendingCount: Type.Integer({ minimum: 0 }),
  recentFailureCount: Type.Integer({ minimum: 0, description: 'Failed deliveries in the last 24 hours.' }),
  hasDeliveryHistory: Type.Boolean(),
});

const optionalStamp = (d: Date | null) => (d ? d.toISOString() : undefined);

export function webhookView(row: WebhookRow) {
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    categories: row.categories,
    lastAttemptAt: optionalStamp(row.last_attempt_at),
    lastSuccessAt: optionalStamp(row.last_success_at),
    lastError: row.last_error ?? undefined,
    createdAt: row.created_at.toISOString(),
  };
}

export function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    eventKey: row.event_key,
    category: row.category,
    severity: row.severity,
    channel: 'webhook' as const,
    target: row.target,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error ?? undefined,
    createdAt: row.created_at.toISOString(),
    sentAt: optionalStamp(row.sent_at),
  };
}
