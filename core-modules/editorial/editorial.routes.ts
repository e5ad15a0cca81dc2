import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import type { EditorialDeps } from './editorial-deps.js';
import {
  ApproveBody,
  ChangesBody,
  CompareQuery,
  ComparisonSchema,
  ContentParams,
  OutcomeSchema,
  PublicationParams,
  PublicationSchema,
  PublishBody,
  RestoredSchema,
  ScheduleBody,
  SubmissionsQuery,
  SubmissionListSchema,
  SubmitBody,
} from './editorial-schemas.js';
import { ContentSubmissionSchema } from './submission-view.js';

const route = routeFor<EditorialDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['content review'];
const notFound = { 404: '`submission_not_found`.' };
const conflict = { 409: '`editorial_conflict`: the submission is not in a state this action applies to.' };
const role = { 403: '`insufficient_role`: campaigns are published by owners and administrators.' };
const contentNotFound = '`content_type_unsupported`, or the content’s own (`layout_not_found`, `playlist_not_found`).';
const readiness = '`layout_validation_failed`, `playlist_validation_failed`, …: publishing re-checks that everything the snapshot names is still ready.';

const submissionRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/content-submissions',
    operationId: 'listContentSubmissions',
    summary: 'Submissions, newest first, with the organization’s review policy',
    tags,
    auth: { kind: 'console', access: 'authors' },
    query: SubmissionsQuery,
    response: { status: 200, schema: SubmissionListSchema },
    handler: ({ deps, query }) => deps.reviewService.list(query),
  }),
  route({
    method: 'GET',
    path: '/api/v1/content-submissions/{id}',
    operationId: 'getContentSubmission',
    summary: 'One submission with its frozen snapshot',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: IdParams,
    errors: notFound,
    response: { status: 200, schema: ContentSubmissionSchema },
    handler: ({ deps, params }) => deps.reviewService.get(params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/content-submissions/{id}/approve',
    operationId: 'approveContentSubmission',
    summary: 'Approve a submission in review; with auto-publish on, publish it (or schedule it for the time asked)',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    body: ApproveBody,
    errors: { ...notFound, ...conflict, 422: `\`editorial_validation_failed\`: self-approval is off and it is your own submission; or ${readiness}` },
    response: { status: 200, schema: OutcomeSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.reviewService.approve(me(principal), ctx.ip, params.id, body.note),
  }),
  route({
    method: 'POST',
    path: '/api/v1/content-submissions/{id}/request-changes',
    operationId: 'requestContentChanges',
    summary: 'Send a submission in review back to its author, with a note saying why',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    body: ChangesBody,
    errors: { ...notFound, ...conflict, 422: '`editorial_validation_failed`: the note is blank.' },
    response: { status: 200, schema: ContentSubmissionSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.reviewService.requestChanges(me(principal), ctx.ip, params.id, body.note),
  }),
  route({
    method: 'POST',
    path: '/api/v1/content-submissions/{id}/publish',
    operationId: 'publishContentSubmission',
    summary: 'Publish an approved (or scheduled) submission’s exact snapshot now',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    body: PublishBody,
    errors: { ...role, ...notFound, ...conflict, 422: readiness },
    response: { status: 201, schema: OutcomeSchema },
    handler: async ({ deps, params, principal, ctx }) => reply(201, await deps.reviewService.publish(me(principal), ctx.ip, params.id)),
  }),
  route({
    method: 'POST',
    path: '/api/v1/content-submissions/{id}/schedule',
    operationId: 'scheduleContentPublication',
    summary: 'Publish an approved submission at a future moment (the minute job does it, once)',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    body: ScheduleBody,
    errors: { ...role, ...notFound, ...conflict, 422: '`editorial_validation_failed`: the time is not in the future.' },
    response: { status: 200, schema: ContentSubmissionSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.reviewService.schedule(me(principal), ctx.ip, params.id, body.requestedPublicationAt),
  }),
  route({
    method: 'POST',
    path: '/api/v1/content-submissions/{id}/cancel-schedule',
    operationId: 'cancelContentPublicationSchedule',
    summary: 'Cancel a scheduled publication: the submission is approved again',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    errors: { ...role, ...notFound, ...conflict },
    response: { status: 200, schema: ContentSubmissionSchema },
    handler: ({ deps, params, principal, ctx }) => deps.reviewService.cancelSchedule(me(principal), ctx.ip, params.id),
  }),
  // Last: `/{type}/{id}` would also match `/{id}/approve` and the other actions.
  route({
    method: 'POST',
    path: '/api/v1/content-submissions/{type}/{id}',
    operationId: 'submitContentDraft',
    summary: 'Freeze the working draft into a submission (in review, or approved when the policy asks no review of you)',
    description: 'An older open submission of the same content is superseded. Campaigns are submitted by managers.',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: ContentParams,
    body: SubmitBody,
    errors: { ...role, 404: contentNotFound, 409: '`editorial_conflict`: the draft is no longer at `expectedRevision`.' },
    response: { status: 201, schema: ContentSubmissionSchema },
    handler: async ({ deps, params, body, principal, ctx }) => reply(201, await deps.reviewService.submit(me(principal), ctx.ip, params.type, params.id, body)),
  }),
];

const historyRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/content-history/{type}/{id}/publications',
    operationId: 'listPublicationHistory',
    summary: 'What the content published, newest first',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: ContentParams,
    errors: { 404: '`content_type_unsupported`.' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(PublicationSchema) }) },
    handler: ({ deps, params }) => deps.historyService.publications(params.type, params.id),
  }),
  route({
    method: 'GET',
    path: '/api/v1/content-history/{type}/{id}/compare',
    operationId: 'comparePublications',
    summary: 'What changed from one publication to another: items added, removed, moved, and fields changed',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: ContentParams,
    query: CompareQuery,
    errors: { 404: '`publication_not_found` (either is not a publication of this content), `content_type_unsupported`.' },
    response: { status: 200, schema: ComparisonSchema },
    handler: ({ deps, params, query }) => deps.historyService.compare(params.type, params.id, query.fromPublicationId, query.toPublicationId),
  }),
  route({
    method: 'POST',
    path: '/api/v1/content-history/{type}/{id}/publications/{publicationId}/restore-draft',
    operationId: 'restorePublicationAsDraft',
    summary: 'Copy a publication’s document into the working draft; what screens play is unchanged',
    tags,
    auth: { kind: 'console', access: 'authors' },
    params: PublicationParams,
    errors: {
      ...role,
      404: `\`publication_not_found\`, ${contentNotFound}`,
      422: 'The document no longer fits the draft’s rules (the kind’s validation code).',
    },
    response: { status: 200, schema: RestoredSchema },
    handler: ({ deps, params, principal, ctx }) => deps.historyService.restoreDraft(me(principal), ctx.ip, params.type, params.id, params.publicationId),
  }),
  route({
    method: 'POST',
    path: '/api/v1/content-history/{type}/{id}/publications/{publicationId}/rollback',
    operationId: 'rollbackPublication',
    summary: 'Publish an earlier publication’s document again as a new revision, or submit it for review when the policy asks',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: PublicationParams,
    errors: { ...role, 404: `\`publication_not_found\`, ${contentNotFound}`, 422: readiness },
    response: {
      status: 201,
      schema: OutcomeSchema,
      otherStatuses: { 202: { description: 'Review is required: the rollback is a submission in review.', schema: OutcomeSchema } },
    },
    handler: async ({ deps, params, principal, ctx }) => {
      const { inReview, ...outcome } = await deps.historyService.rollback(me(principal), ctx.ip, params.type, params.id, params.publicationId);
      return reply(inReview ? 202 : 201, outcome);
    },
  }),
];

export const editorialRoutes = [...submissionRoutes, ...historyRoutes];
