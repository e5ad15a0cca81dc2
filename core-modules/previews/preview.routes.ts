import { Type } from '@sinclair/typebox';
import type { PlayerPrincipal } from '../../kernel/auth/principal.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { CAPTURE_INTERVAL_SECONDS, FAILURE_STATUS, LEASE_SECONDS, MAX_HEIGHT, MAX_IMAGE_BYTES, MAX_WIDTH } from './preview.service.js';
import type { PreviewsDeps } from './previews-deps.js';
import { Nullable, Uuid, Stamp } from '../../kernel/http/wire.js';

const route = routeFor<PreviewsDeps>();
const ScreenParams = Type.Object({ id: Uuid });

const SessionSchema = Type.Object({
  active: Type.Boolean(),
  expiresAt: Nullable(Stamp),
  captureIntervalSeconds: Type.Integer(),
  captureNow: Type.Boolean({ description: 'A capture was asked for and the player has not uploaded since.' }),
});

export const previewRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/screens/{id}/preview-session',
    operationId: 'renewScreenPreview',
    summary: 'Start or renew the screen’s live preview lease',
    description: `The player captures about every ${CAPTURE_INTERVAL_SECONDS} s while the ${LEASE_SECONDS} s lease lasts; renew it every 30 s while the preview is shown. \`forceCapture\` asks for a capture now. The player is told with \`preview.session_changed\`.`,
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    params: ScreenParams,
    body: Type.Object({ forceCapture: Type.Optional(Type.Boolean({ default: false })) }),
    errors: { 404: '`screen_not_found`.' },
    response: { status: 200, schema: SessionSchema },
    handler: ({ deps, params, body }) => deps.previewService.renew(params.id, body.forceCapture ?? false),
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/preview',
    operationId: 'getScreenPreview',
    summary: 'The screen’s latest preview: status and capture details',
    description:
      '`status` is `available`, `loading` (lease active, nothing captured yet), `capture_error` or `unavailable`. Sent with `Cache-Control: no-store`.',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    params: ScreenParams,
    errors: { 404: '`screen_not_found`.' },
    response: {
      status: 200,
      headers: { 'Cache-Control': 'no-store' },
      schema: Type.Object({
        screenId: Uuid,
        status: Type.Union(['available', 'loading', 'capture_error', 'unavailable'].map((s) => Type.Literal(s))),
        imageAvailable: Type.Boolean(),
        leaseExpiresAt: Nullable(Stamp),
        capturedAt: Nullable(Stamp),
        playerVersion: Nullable(Type.String()),
        width: Nullable(Type.Integer()),
        height: Nullable(Type.Integer()),
        fileSize: Nullable(Type.Integer()),
        captureFailureStatus: Nullable(Type.String()),
        updatedAt: Nullable(Stamp),
      }),
    },
    handler: async ({ deps, params, ctx }) => {
      ctx.set('Cache-Control', 'no-store');
      return deps.previewService.metadata(params.id);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/preview/image',
    operationId: 'getScreenPreviewImage',
    summary: 'The screen’s latest preview image (JPEG or WebP)',
    description: 'Only through a signed-in session, never cached (`Cache-Control: no-store, private`).',
    tags: ['screens'],
    auth: { kind: 'console', access: 'signedIn' },
    params: ScreenParams,
    errors: { 404: '`screen_not_found`, `preview_not_found`.' },
    response: {
      status: 200,
      contentType: ['image/jpeg', 'image/webp'],
      description: 'The image, in the format the player sent.',
      headers: { 'Cache-Control': 'no-store, private', 'X-Content-Type-Options': 'nosniff' },
    },
    handler: async ({ deps, params, ctx }) => {
      const image = await deps.previewService.latestImage(params.id);
      ctx.set('Cache-Control', 'no-store, private');
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.type = image.contentType;
      ctx.body = image.bytes;
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/player/preview-session',
    operationId: 'playerPreviewSession',
    summary: 'Whether the console is watching this screen now, and whether to capture at once',
    tags: ['player'],
    auth: { kind: 'player' },
    response: { status: 200, schema: SessionSchema },
    handler: ({ deps, principal }) => deps.previewService.playerSession((principal as PlayerPrincipal).screenId),
  }),
  route({
    method: 'POST',
    path: '/api/v1/player/preview',
    writesFiles: true,
    operationId: 'playerUploadPreview',
    summary: 'Upload a capture, or why there is none, while a preview lease is active',
    description:
      `A form: \`playerVersion\` and either a \`preview\` image (JPEG or WebP, told by its bytes; at most ${MAX_IMAGE_BYTES} bytes and ` +
      `${MAX_WIDTH}×${MAX_HEIGHT}) with \`capturedAt\`, or a \`failureStatus\`. The stored size is the image’s own. Replaces the screen’s previous preview.`,
    tags: ['player'],
    auth: { kind: 'player' },
    bodyMode: 'multipart',
    bodyLimit: MAX_IMAGE_BYTES,
    files: { preview: 'The capture (image/jpeg or image/webp).' },
    body: Type.Object({
      playerVersion: Type.String({ minLength: 1, maxLength: 120 }),
      capturedAt: Type.Optional(Stamp),
      failureStatus: Type.Optional(Type.String({ pattern: FAILURE_STATUS, description: 'e.g. `unavailable`, `sensitive_pairing`, `image_too_large`.' })),
      width: Type.Optional(Type.Integer({ minimum: 0 })),
      height: Type.Optional(Type.Integer({ minimum: 0 })),
      fileSize: Type.Optional(Type.Integer({ minimum: 0 })),
    }),
    errors: {
      409: '`preview_session_expired`: no lease is active.',
      413: '`payload_too_large`, `preview_too_large`.',
      415: '`unsupported_preview_type`, or a body that is not a form.',
      422: '`validation_failed`, `invalid_preview`.',
    },
    response: { status: 204, description: 'Stored.' },
    handler: async ({ deps, principal, body, files }) => {
      await deps.previewService.record((principal as PlayerPrincipal).screenId, { ...body, file: files.find((f) => f.field === 'preview') });
      return reply(204);
    },
  }),
];
