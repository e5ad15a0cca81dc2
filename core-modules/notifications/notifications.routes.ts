import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import {
  CreateWebhookSchema,
  DeliverySchema,
  deliveryView,
  StatusSchema,
  UpdateWebhookSchema,
  WebhookCreatedSchema,
  WebhookSchema,
  webhookView,
} from './notification-view.js';
import type { NotificationsDeps } from './notifications-deps.js';

const route = routeFor<NotificationsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['notifications'];
const ADMINS = { kind: 'console', access: 'administrators' } as const;
const NOT_FOUND = '`not_found`: no such webhook.';
const INVALID_URL =
  '`invalid_webhook`: the URL is not https:// (http:// is for the local network only), carries credentials or points at a link-local address.';

export const notificationsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/notifications/status',
    operationId: 'getNotificationStatus',
    summary: 'Whether notifications can be sent, and how deliveries are going',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: StatusSchema },
    handler: ({ deps }) => deps.webhooksService.status(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/notifications/test',
    operationId: 'sendTestNotification',
    summary: 'Send a test email to oneself (this server has no email relay: always 409)',
    description: 'Kept for the reference console, which offers it: notifications go out by webhook; test one with `POST /notifications/webhooks/{id}/test`.',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    errors: { 409: '`email_not_configured`.' },
    response: { status: 200, schema: Type.Object({ sentTo: Type.String() }) },
    handler: ({ deps }) => deps.webhooksService.emailTest(),
  }),
  route({
    method: 'GET',
    path: '/api/v1/notifications/deliveries',
    operationId: 'listNotificationDeliveries',
    summary: 'The delivery log, newest first',
    tags,
    auth: ADMINS,
    query: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }) }),
    response: { status: 200, schema: Type.Array(DeliverySchema) },
    handler: async ({ deps, query }) => (await deps.webhooksService.deliveries(query.limit)).map(deliveryView),
  }),
  route({
    method: 'GET',
    path: '/api/v1/notifications/webhooks',
    operationId: 'listNotificationWebhooks',
    summary: 'The webhooks notifications are posted to',
    tags,
    auth: ADMINS,
    response: { status: 200, schema: Type.Array(WebhookSchema) },
    handler: async ({ deps }) => (await deps.webhooksService.list()).map(webhookView),
  }),
  route({
    method: 'POST',
    path: '/api/v1/notifications/webhooks',
    operationId: 'createNotificationWebhook',
    summary: 'Add a webhook; the answer holds its signing secret, shown only this once',
    description:
      'Each delivery is a JSON POST with `X-Signage-Timestamp` (Unix seconds) and `X-Signage-Signature: sha256=<hex>`, the HMAC-SHA256 of `<timestamp>.<body>` under the secret. ' +
      'Failures are retried with a growing delay, six attempts in all; a 4xx or a redirect is not retried.',
    tags,
    auth: ADMINS,
    body: CreateWebhookSchema,
    errors: { 422: INVALID_URL },
    response: { status: 201, schema: WebhookCreatedSchema },
    handler: async ({ deps, body, principal, ctx }) => {
      const created = await deps.webhooksService.create(me(principal), { name: body.name, url: body.url, categories: body.categories ?? [] }, ctx.ip);
      return {
        webhook: webhookView(created.webhook),
        signingSecret: created.signingSecret,
        secretNotice: 'Copy this signing secret now: it is not shown again. To replace it, add a new webhook and remove this one.',
      };
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/notifications/webhooks/{id}',
    operationId: 'updateNotificationWebhook',
    summary: 'Change a webhook (its secret stays)',
    tags,
    auth: ADMINS,
    params: IdParams,
    body: UpdateWebhookSchema,
    errors: { 404: NOT_FOUND, 422: INVALID_URL },
    response: { status: 200, schema: WebhookSchema },
    handler: async ({ deps, params, body, principal, ctx }) => webhookView(await deps.webhooksService.update(me(principal), params.id, body, ctx.ip)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/notifications/webhooks/{id}',
    operationId: 'deleteNotificationWebhook',
    summary: 'Remove a webhook; what it has not been sent yet is cancelled',
    tags,
    auth: ADMINS,
    params: IdParams,
    errors: { 404: NOT_FOUND },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.webhooksService.delete(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/notifications/webhooks/{id}/test',
    operationId: 'testNotificationWebhook',
    summary: 'Post a signed test event to a webhook now, and say whether it took it',
    tags,
    auth: ADMINS,
    params: IdParams,
    errors: { 404: NOT_FOUND },
    response: {
      status: 200,
      schema: Type.Object({ delivered: Type.Boolean(), error: Type.Optional(Type.String({ description: 'Why it was not delivered.' })) }),
    },
    handler: ({ deps, params }) => deps.webhooksService.test(params.id),
  }),
];
