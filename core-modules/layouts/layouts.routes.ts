import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { sendFile } from '../../kernel/http/file-response.js';
import { IdParams, librarySortQuery, PageOf, Uuid, pageQuery } from '../../kernel/http/wire.js';
import { type RouteDef, reply, routeFor } from '../../kernel/plugin.js';
import { ContentSubmissionSchema } from '../editorial/editorial.api.js';
import { MAX_PREVIEW_BYTES } from './layout-previews.js';
import {
  DraftSchema,
  ExpectedRevisionSchema,
  LayoutPatchSchema,
  LayoutRevisionSchema,
  LayoutSchema,
  LayoutSummarySchema,
  NewLayoutSchema,
  type LayoutView,
} from './layout-schemas.js';
import type { LayoutsDeps } from './layouts-deps.js';

const route = routeFor<LayoutsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['layouts'];
const etagOf = (revision: number) => `"layout-draft-${revision}"`;
const ETAG = { ETag: '`"layout-draft-<draftRevision>"`: the draft revision, to send back as `expectedDraftRevision`.' };
const invalid = '`layout_validation_failed`: `details.placementIds` names the placements at fault, `details.problems` each problem; or `validation_failed`.';
const notFound = { 404: '`layout_not_found`.' };
const DRAFT_BODY_LIMIT = 4 * 1024 * 1024;

/** Answers the layout with its draft's ETag. */
function withEtag(ctx: { set(name: string, value: string): void }, layout: LayoutView): LayoutView {
  ctx.set('ETag', etagOf(layout.draftRevision));
  return layout;
}

const layoutResponse = (status: number) => ({ status, schema: LayoutSchema, headers: ETAG });

function previewRoute(method: 'GET' | 'HEAD'): RouteDef<LayoutsDeps> {
  return route({
    method,
    path: '/api/v1/layouts/{id}/preview-image',
    operationId: method === 'GET' ? 'getLayoutPreviewImage' : 'headLayoutPreviewImage',
    summary: 'The draft’s preview image',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`layout_not_found`, `layout_preview_not_found`.' },
    response: { status: 200, file: true, contentType: ['image/jpeg', 'image/png', 'image/webp'], description: 'The image, revalidated by its ETag.' },
    handler: async ({ deps, params, ctx }) => sendFile(ctx, await deps.layoutPreviews.file(params.id)),
  });
}

export const layoutsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/layouts',
    operationId: 'listLayouts',
    summary: 'Layouts, most recently changed first',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({ search: Type.Optional(Type.String({ maxLength: 120 })), ...librarySortQuery('updated'), ...pageQuery(30) }),
    response: { status: 200, schema: PageOf(LayoutSummarySchema) },
    handler: ({ deps, query }) => deps.layoutsService.list(query),
  }),
  route({
    method: 'POST',
    path: '/api/v1/layouts',
    operationId: 'createLayout',
    summary: 'Create a layout with an empty canvas',
    tags,
    auth: { kind: 'console', access: 'authors' },
    body: NewLayoutSchema,
    errors: { 422: invalid },
    response: layoutResponse(201),
    handler: async ({ deps, body, principal, ctx }) => reply(201, withEtag(ctx, await deps.layoutsService.create(me(principal), body, ctx.ip))),
  }),
  route({
    method: 'GET',
    path: '/api/v1/layouts/{id}',
    operationId: 'getLayout',
    summary: 'A layout with its draft, what the draft names and where the layout is shown',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: notFound,
    response: layoutResponse(200),
    handler: async ({ deps, params, ctx }) => withEtag(ctx, await deps.layoutsService.get(params.id)),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/layouts/{id}',
    operationId: 'updateLayout',
    summary: 'Rename or describe a layout',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: LayoutPatchSchema,
    errors: { ...notFound, 422: invalid },
    response: layoutResponse(200),
    handler: async ({ deps, params, body, principal, ctx }) => withEtag(ctx, await deps.layoutsService.update(me(principal), params.id, body, ctx.ip)),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/layouts/{id}',
    operationId: 'deleteLayout',
    summary: 'Delete a layout nothing shows',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    errors: { ...notFound, 409: '`layout_in_use`: a screen, group, schedule or playlist shows it (`details.uses` names them).' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.layoutsService.delete(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'PUT',
    path: '/api/v1/layouts/{id}/draft',
    operationId: 'saveLayoutDraft',
    summary: 'Replace the draft document (its shape is checked; what it names is checked at publish)',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    body: DraftSchema,
    // 200 placements with long text and overrides exceed the default 1 MiB.
    bodyLimit: DRAFT_BODY_LIMIT,
    errors: { ...notFound, 409: '`layout_revision_conflict`: the draft is no longer at `expectedDraftRevision`.', 422: invalid },
    response: layoutResponse(200),
    handler: async ({ deps, params, body, principal, ctx }) =>
      withEtag(ctx, await deps.layoutsService.saveDraft(me(principal), params.id, body.expectedDraftRevision, body.document, ctx.ip)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/layouts/{id}/publish',
    operationId: 'publishLayout',
    summary: 'Publish the draft as a new immutable revision, or submit it for review when the organization’s policy asks',
    description:
      'With `content.review_policy` off (or `contributors`, for a manager) the draft becomes a new revision that screens showing the layout follow (201). Otherwise the draft is frozen into a submission awaiting review (202).',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    body: ExpectedRevisionSchema,
    errors: {
      ...notFound,
      409: '`editorial_conflict`: the draft is no longer at `expectedDraftRevision`.',
      422: `${invalid} Publishing also checks that what it names exists and can be played, at most one visible video-capable and one sound-emitting element, and no zone playing this layout.`,
    },
    response: {
      status: 201,
      schema: LayoutRevisionSchema,
      otherStatuses: { 202: { description: 'Review is required: the submission made of the draft.', schema: ContentSubmissionSchema } },
    },
    handler: async ({ deps, params, body, principal, ctx }) => {
      const outcome = await deps.layoutsService.publish(me(principal), params.id, body.expectedDraftRevision, ctx.ip);
      return 'published' in outcome ? reply(201, outcome.published) : reply(202, outcome.submitted);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/layouts/{id}/duplicate',
    operationId: 'duplicateLayout',
    summary: 'Copy a layout’s draft (“<name> copy”), unpublished',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    errors: notFound,
    response: layoutResponse(201),
    handler: async ({ deps, params, principal, ctx }) => reply(201, withEtag(ctx, await deps.layoutsService.duplicate(me(principal), params.id, ctx.ip))),
  }),
  route({
    method: 'GET',
    path: '/api/v1/layouts/{id}/revisions',
    operationId: 'listLayoutRevisions',
    summary: 'Published revisions, newest first',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    query: Type.Object(pageQuery(20)),
    errors: notFound,
    response: { status: 200, schema: PageOf(LayoutRevisionSchema) },
    handler: ({ deps, params, query }) => deps.layoutsService.revisions(params.id, query),
  }),
  route({
    method: 'POST',
    path: '/api/v1/layouts/{id}/revisions/{revisionId}/restore',
    operationId: 'restoreLayoutRevision',
    summary: 'Copy a published revision into the draft',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: Type.Object({ id: Uuid, revisionId: Uuid }),
    body: ExpectedRevisionSchema,
    errors: { 404: '`layout_not_found` (the layout, or that revision of it).', 409: '`layout_revision_conflict`.' },
    response: layoutResponse(200),
    handler: async ({ deps, params, body, principal, ctx }) =>
      withEtag(ctx, await deps.layoutsService.restore(me(principal), params.id, params.revisionId, body.expectedDraftRevision, ctx.ip)),
  }),
  previewRoute('GET'),
  previewRoute('HEAD'),
  route({
    method: 'PUT',
    path: '/api/v1/layouts/{id}/preview-image',
    writesFiles: true,
    operationId: 'putLayoutPreviewImage',
    summary: 'Store a preview image of the draft at `draftRevision`',
    description: `The body is the image: JPEG, PNG or WebP (told by its bytes), at most ${MAX_PREVIEW_BYTES} bytes. A later draft save drops it.`,
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    query: Type.Object({ draftRevision: Type.Integer({ minimum: 1 }) }),
    bodyMode: 'stream',
    streamTypes: ['image/jpeg', 'image/png', 'image/webp'],
    errors: {
      ...notFound,
      409: '`layout_revision_conflict`: the draft is no longer at `draftRevision`.',
      413: '`preview_too_large`.',
      415: '`unsupported_preview_type`.',
    },
    response: { status: 204 },
    handler: async ({ deps, params, query, principal, ctx }) => {
      await deps.layoutPreviews.put(me(principal), params.id, query.draftRevision, ctx.req, Number(ctx.get('content-length') || 0), ctx.ip);
      return reply(204);
    },
  }),
];
