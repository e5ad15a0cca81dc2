import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import { AssetSchema } from '../asset-view.js';
import { uploadHeaders, UploadSchema } from './upload-view.js';
import type { UploadsDeps } from './uploads-deps.js';
import { IdParams } from '../../../kernel/http/wire.js';

const route = routeFor<UploadsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const AUTHORS = { kind: 'console', access: 'authors' } as const;
const UPLOAD_HEADERS = {
  'Upload-Offset': 'Bytes received so far: where to continue.',
  'Upload-Length': 'The declared size in bytes.',
  'Upload-Status': 'The upload’s state, as `status` in the upload.',
  'Upload-Expires': 'When an unfinished upload is discarded (RFC 3339).',
};

export const uploadsRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/uploads',
    writesFiles: true,
    operationId: 'createUpload',
    summary: 'Start a resumable upload',
    description: 'Then PATCH the bytes to `uploadEndpoint` in chunks and POST `…/complete`. Unfinished uploads expire after 24 hours.',
    tags: ['media'],
    auth: AUTHORS,
    body: Type.Object({
      filename: Type.String({ minLength: 1, maxLength: 255 }),
      mimeType: Type.String({ minLength: 1, maxLength: 255 }),
      sizeBytes: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER }),
    }),
    errors: {
      413: '`upload_too_large`.',
      507: '`insufficient_storage`: twice the size (the uploaded bytes, then the stored file), beside what uploads in progress will still write, would take the disk below its reserve.',
    },
    response: { status: 201, schema: UploadSchema },
    handler: ({ deps, body, principal }) => deps.uploadsService.create(me(principal), body),
  }),
  route({
    method: 'HEAD',
    path: '/api/v1/uploads/{id}',
    operationId: 'getUploadOffset',
    summary: 'Where an upload stands: the offset to continue from',
    tags: ['media'],
    auth: AUTHORS,
    params: IdParams,
    errors: { 404: '`not_found` (also for another user\u2019s upload).' },
    response: { status: 204, headers: UPLOAD_HEADERS },
    handler: async ({ deps, params, principal, ctx }) => {
      ctx.set(uploadHeaders(await deps.uploadsService.get(me(principal), params.id)));
      return reply(204);
    },
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/uploads/{id}',
    writesFiles: true,
    operationId: 'appendUpload',
    summary: 'Append bytes at `Upload-Offset`',
    description:
      'Send `Content-Type: application/offset+octet-stream` (or none). There is no chunk-size limit; the bytes are stored durably before the answer.',
    tags: ['media'],
    auth: AUTHORS,
    params: IdParams,
    requestHeaders: {
      'Upload-Offset': {
        description: 'The current offset (see HEAD); the bytes are written from there.',
        required: true,
        schema: { type: 'integer', minimum: 0 },
      },
    },
    bodyMode: 'stream',
    // What it takes (the tus media type, as the reference's console sends it); any other type is refused (415).
    streamTypes: ['application/offset+octet-stream'],
    errors: {
      400: '`invalid_upload_offset`, `upload_interrupted` (the body ended early; the bytes that arrived count).',
      404: '`not_found`.',
      409: '`upload_offset_mismatch` (the answer carries the current `Upload-Offset`), `upload_state_conflict`.',
      410: '`upload_expired`.',
      413: '`upload_too_large`: more bytes than remain.',
      415: '`unsupported_content_type`.',
      503: '`storage_unavailable`: media storage did not take the bytes (a bucket that cannot be reached); the bytes stored before count.',
      507: '`insufficient_storage`: the disk filled while writing (writers outside the reservations); the bytes that arrived count.',
    },
    response: { status: 204, headers: UPLOAD_HEADERS },
    handler: async ({ deps, params, principal, ctx }) => {
      const row = await deps.uploadsService.append(me(principal), params.id, {
        offset: ctx.get('upload-offset') || undefined,
        contentType: ctx.get('content-type') || undefined,
        contentLength: ctx.get('content-length') || undefined,
        body: ctx.req,
      });
      ctx.set(uploadHeaders(row));
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/uploads/{id}/complete',
    writesFiles: true,
    operationId: 'completeUpload',
    summary: 'Turn a fully uploaded file into an asset (idempotent)',
    description: 'The type is detected from the file\u2019s bytes. Calling it again answers the same asset.',
    tags: ['media'],
    auth: AUTHORS,
    params: IdParams,
    errors: {
      404: '`not_found`.',
      409: '`upload_incomplete`, `upload_state_conflict`.',
      410: '`upload_expired`.',
      415: '`unsupported_media_type`: not a JPEG, PNG, WebP, GIF, MP4/MOV or MKV/WebM.',
      503: '`storage_unavailable`: media storage could not store the file; the upload stays complete, retry later.',
      507: '`insufficient_storage`: other writers took the room reserved for the stored file; the upload stays complete, retry later.',
    },
    response: { status: 200, schema: AssetSchema },
    handler: ({ deps, params, principal, ctx }) => deps.uploadCompletionService.complete(me(principal), params.id, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/uploads/{id}',
    writesFiles: true,
    operationId: 'cancelUpload',
    summary: 'Cancel an upload and delete its bytes',
    tags: ['media'],
    auth: AUTHORS,
    params: IdParams,
    errors: { 404: '`not_found`.', 409: '`upload_state_conflict`: already completing or completed.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal }) => {
      await deps.uploadsService.cancel(me(principal), params.id);
      return reply(204);
    },
  }),
];
