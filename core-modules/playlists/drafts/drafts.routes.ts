import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { IdParams, Stamp, Uuid } from '../../../kernel/http/wire.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import { ContentSubmissionSchema, OutcomeSchema } from '../../editorial/editorial.api.js';
import { PlaylistSchema } from '../playlist-schemas.js';
import type { DraftsDeps } from './drafts-deps.js';

const route = routeFor<DraftsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['playlists'];
const notFound = { 404: '`playlist_not_found`.' };

const RevisionSchema = Type.Object({
  revision: Type.Integer({ minimum: 1 }),
  name: Type.String(),
  itemCount: Type.Integer({ minimum: 0 }),
  sourceType: Type.Union([Type.Literal('static'), Type.Literal('tag')]),
  createdAt: { ...Stamp, description: 'When it was published.' },
  createdBy: Type.Optional(Uuid),
  authorName: Type.Optional(Type.String({ description: 'Who published it.' })),
  isCurrent: Type.Boolean({ description: 'Screens play it now.' }),
  restorable: Type.Boolean({ description: 'Not the current one, and something of it can still be played.' }),
  missingReferences: Type.Integer({ minimum: 0, description: 'Items whose asset or layout cannot be played any more: a restore leaves them out.' }),
});

export const draftsRoutes = [
  route({
    method: 'POST',
    path: '/api/v1/playlists/{id}/publish',
    operationId: 'publishPlaylist',
    summary: 'Publish the draft so screens play it, or submit it for review when the organization’s policy asks',
    description:
      'With `content.review_policy` off (or `contributors`, for a manager) the draft becomes the published revision screens play (201, the publication and its submission). Otherwise the draft is frozen into a submission awaiting review (202).',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    body: Type.Object({
      expectedDraftRevision: Type.Optional(
        Type.Integer({ minimum: 1, description: 'The draft revision the caller saw (`draftRevision`); 409 when the draft has moved on.' }),
      ),
    }),
    errors: {
      ...notFound,
      409: '`editorial_conflict`: the draft is no longer at `expectedDraftRevision`; `managed_resource`: a plugin keeps this playlist.',
      422: '`asset_not_ready` (an item’s asset is no longer ready or has no playable file), `presentation_not_ready` (an item’s layout is gone or unpublished), `playlist_validation_failed` (an item’s layout shows this playlist).',
    },
    response: {
      status: 201,
      schema: OutcomeSchema,
      otherStatuses: { 202: { description: 'Review is required: the submission made of the draft.', schema: ContentSubmissionSchema } },
    },
    handler: async ({ deps, params, body, principal, ctx }) => {
      const outcome = await deps.playlistDraftsService.publish(me(principal), params.id, body.expectedDraftRevision, ctx.ip);
      return 'published' in outcome ? reply(201, outcome.published) : reply(202, outcome.submitted);
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/playlists/{id}/revisions',
    operationId: 'listPlaylistRevisions',
    summary: 'The latest published revisions, newest first',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: notFound,
    response: {
      status: 200,
      schema: Type.Object({ items: Type.Array(RevisionSchema), kept: Type.Integer({ description: 'How many of the latest are listed.' }) }),
    },
    handler: ({ deps, params }) => deps.playlistDraftsService.revisions(params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/playlists/{id}/revisions/{revision}/restore',
    operationId: 'restorePlaylistRevision',
    summary: 'Copy a published revision into the draft (a new draft revision); screens keep what they play',
    description: 'Items whose asset or layout can no longer be played are left out and counted in `skippedItems`.',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: Type.Object({ id: Uuid, revision: Type.Integer({ minimum: 1 }) }),
    errors: { 404: '`playlist_not_found` (the playlist, or that revision of it).', 409: '`managed_resource`: a plugin keeps this playlist.' },
    response: {
      status: 200,
      schema: Type.Object({
        playlist: PlaylistSchema,
        restoredFrom: Type.Integer(),
        newRevision: Type.Integer({ description: 'The new draft revision.' }),
        skippedItems: Type.Integer({ minimum: 0 }),
      }),
    },
    handler: ({ deps, params, principal, ctx }) => deps.playlistDraftsService.restore(me(principal), params.id, params.revision, ctx.ip),
  }),
];
