import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { sendFile } from '../../kernel/http/file-response.js';
import { IdParams, PageOf, pageQuery, Uuid } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import type { FormsDeps } from './forms-deps.js';
import { ApprovalSchema, CommentSchema, RecordDetailSchema, RecordInputSchema, RecordSchema } from './forms-wire.js';
import { MAX_ATTACHMENT_BYTES } from './record-attachments.service.js';

const route = routeFor<FormsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['forms'];
const signedIn = { kind: 'console', access: 'signedIn' } as const;
const RecordParams = Type.Object({ id: Uuid, recordId: Uuid });
const AttachmentParams = Type.Object({ id: Uuid, recordId: Uuid, attachmentId: Uuid });
const Version = Type.Integer({ minimum: 1, description: 'The `version` the change is based on: another is 409 `conflict`.' });
const NOT_FOUND = { 404: '`not_found`: no such form or one the caller may not reach, or no such record the caller may see.' };
const FORBIDDEN = {
  403: '`insufficient_access`: the caller sees the record but may not do this. Also `insufficient_role` or `csrf_failed`, as on every console route.',
};
const STALE = { 409: '`conflict`: the record changed since `version` (or is with its reviewers and the caller is its submitter).' };

export const recordsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/records',
    operationId: 'listFormRecords',
    summary: 'A form’s records: all of them for those who see all, the caller’s own otherwise',
    tags,
    auth: signedIn,
    params: IdParams,
    query: Type.Object({
      ...pageQuery(25),
      states: Type.Optional(Type.String({ maxLength: 700, description: 'Comma-separated state keys.' })),
      search: Type.Optional(Type.String({ maxLength: 180, description: 'In the title or the submitter’s name, any case.' })),
      sort: Type.Optional(
        Type.Union(
          ['newest', 'oldest', 'priority', 'updated'].map((s) => Type.Literal(s)),
          { default: 'newest' },
        ),
      ),
      mine: Type.Optional(Type.Boolean({ default: false })),
    }),
    errors: { ...NOT_FOUND, 403: '`insufficient_access`.' },
    response: { status: 200, schema: PageOf(RecordSchema) },
    handler: ({ deps, params, query, principal }) =>
      deps.recordsService.page(me(principal), params.id, {
        page: query.page,
        pageSize: query.pageSize,
        sort: (query.sort ?? 'newest') as 'newest',
        ...(query.states
          ? {
              states: query.states
                .split(',')
                .map((s) => s.trim())
                .filter(Boolean),
            }
          : {}),
        ...(query.search ? { search: query.search } : {}),
        ...(query.mine ? { mine: true } : {}),
      }),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/records',
    operationId: 'createFormRecord',
    summary: 'Start a record on the form’s published revision, in the workflow’s first state',
    description: 'Needs `submit`. Values are checked by their controls; required ones only when the record is submitted. Images are added by upload.',
    tags,
    auth: signedIn,
    params: IdParams,
    body: Type.Object({
      ...RecordInputSchema,
      version: Type.Optional(Type.Integer({ description: 'Ignored (a record read back may be sent): a new record is version 1.' })),
    }),
    errors: {
      ...NOT_FOUND,
      403: '`insufficient_access`: the caller may not submit on this form. Also `csrf_failed`, as on every console change.',
      422: '`validation_failed`: a value that does not fit its field, or a field the form does not have.',
    },
    response: { status: 201, schema: RecordSchema },
    handler: async ({ deps, params, body, principal }) => reply(201, await deps.recordsService.create(me(principal), params.id, body)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/records/{recordId}',
    operationId: 'getFormRecord',
    summary: 'A record with its history, comments, images, and what the caller may do with it',
    tags,
    auth: signedIn,
    params: RecordParams,
    errors: { ...NOT_FOUND, 403: '`insufficient_access`.' },
    response: { status: 200, schema: RecordDetailSchema },
    handler: ({ deps, params, principal }) => deps.recordsService.detail(me(principal), params.id, params.recordId),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/data-sources/{id}/records/{recordId}',
    operationId: 'updateFormRecord',
    summary: 'Edit a record: managers any, submitters their own while it is with them',
    description: '`values`, when sent, replaces the values (images stay); display fields absent are kept, null clears them. A record on air stays complete.',
    tags,
    auth: signedIn,
    params: RecordParams,
    body: Type.Object({ ...RecordInputSchema, version: Version }),
    errors: { ...NOT_FOUND, ...FORBIDDEN, ...STALE, 422: '`validation_failed`.' },
    response: { status: 200, schema: RecordSchema },
    handler: ({ deps, params, body, principal }) => deps.recordsService.update(me(principal), params.id, params.recordId, body),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/data-sources/{id}/records/{recordId}',
    operationId: 'deleteFormRecord',
    summary: 'Delete a record and its images (managers); screens showing it drop it',
    tags,
    auth: signedIn,
    params: RecordParams,
    errors: { ...NOT_FOUND, ...FORBIDDEN },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.recordsService.delete(me(principal), params.id, params.recordId, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/records/{recordId}/transitions',
    operationId: 'transitionFormRecord',
    summary: 'Move a record along its workflow (submit, approve = on air, reject, request changes)',
    description:
      'Submitting is for the record’s submitter; reviewing and approving for those granted it. Requesting changes needs a `note` (kept as a comment). ' +
      'Submitting and going on air need every required field.',
    tags,
    auth: signedIn,
    params: RecordParams,
    body: Type.Object({ toState: Type.String({ minLength: 1, maxLength: 40 }), note: Type.Optional(Type.String({ maxLength: 4000 })), version: Version }),
    errors: {
      ...NOT_FOUND,
      ...FORBIDDEN,
      409: '`conflict`: the record changed since `version`.',
      422: '`validation_failed`: no such transition, no note where one is needed, a required field empty.',
    },
    response: { status: 200, schema: RecordSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.recordsService.transition(me(principal), params.id, params.recordId, body, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/records/{recordId}/comments',
    operationId: 'commentFormRecord',
    summary: 'Comment on a record (its submitter, reviewers, approvers, managers)',
    tags,
    auth: signedIn,
    params: RecordParams,
    body: Type.Object({ body: Type.String({ minLength: 1, maxLength: 4000 }) }),
    errors: { ...NOT_FOUND, ...FORBIDDEN, 422: '`validation_failed`: an empty comment.' },
    response: { status: 201, schema: CommentSchema },
    handler: async ({ deps, params, body, principal }) => reply(201, await deps.recordsService.comment(me(principal), params.id, params.recordId, body.body)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/data-sources/{id}/records/{recordId}/attachments',
    writesFiles: true,
    operationId: 'attachFormImage',
    summary: 'Put an image in one of the record’s image fields (replacing the one there)',
    description: 'The image is base64 in `data`, at most 25 MiB; JPEG, PNG, WebP or GIF, told by its bytes (the name and declared type are not trusted).',
    tags,
    auth: signedIn,
    params: RecordParams,
    bodyLimit: Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) + 64 * 1024,
    body: Type.Object({
      fieldKey: Type.String({ minLength: 1, maxLength: 64 }),
      fileName: Type.Optional(Type.String({ maxLength: 255 })),
      contentType: Type.Optional(Type.String({ maxLength: 120, description: 'Ignored: the type is read from the bytes.' })),
      data: Type.String({ minLength: 1, maxLength: Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4 + 64, pattern: '^[A-Za-z0-9+/=\\s]+$', contentEncoding: 'base64' }),
      version: Version,
    }),
    errors: {
      ...NOT_FOUND,
      ...FORBIDDEN,
      ...STALE,
      413: '`payload_too_large`: the request is over the limit.',
      422: '`validation_failed`: not an image field, not base64, empty, over 25 MiB, or not JPEG, PNG, WebP or GIF.',
    },
    response: { status: 201, schema: RecordDetailSchema },
    handler: async ({ deps, params, body, principal }) =>
      reply(201, await deps.recordAttachmentsService.attach(me(principal), params.id, params.recordId, body)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/data-sources/{id}/records/{recordId}/attachments/{attachmentId}',
    writesFiles: true,
    operationId: 'removeFormImage',
    summary: 'Remove an image from a record',
    tags,
    auth: signedIn,
    params: AttachmentParams,
    query: Type.Object({ version: Version }),
    errors: { ...NOT_FOUND, ...FORBIDDEN, ...STALE, 422: '`validation_failed`: the field is required and the record is on air.' },
    response: { status: 200, schema: RecordDetailSchema },
    handler: ({ deps, params, query, principal }) =>
      deps.recordAttachmentsService.detach(me(principal), params.id, params.recordId, params.attachmentId, query.version),
  }),
  route({
    method: 'GET',
    path: '/api/v1/data-sources/{id}/records/{recordId}/attachments/{attachmentId}/content',
    operationId: 'getFormImage',
    summary: 'A record’s image, as uploaded',
    description: 'With `Range` (206), `If-Range`, `If-None-Match` (304); ETag `"<sha256 hex>"`.',
    tags,
    auth: signedIn,
    params: AttachmentParams,
    errors: { ...NOT_FOUND, 403: '`insufficient_access`.' },
    response: { status: 200, file: true, contentType: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'], description: 'The image.' },
    handler: async ({ deps, params, principal, ctx }) =>
      sendFile(ctx, await deps.recordAttachmentsService.content(me(principal), params.id, params.recordId, params.attachmentId)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/approvals',
    operationId: 'listApprovals',
    summary: 'Records waiting on the caller to review or approve, oldest waiting first',
    tags: ['forms'],
    auth: signedIn,
    query: Type.Object(pageQuery(25)),
    response: { status: 200, schema: PageOf(ApprovalSchema) },
    handler: ({ deps, query, principal }) => deps.recordsService.approvals(me(principal), query.page, query.pageSize),
  }),
];
