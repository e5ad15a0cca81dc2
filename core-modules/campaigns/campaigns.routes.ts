import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, librarySortQuery, PageOf, Uuid, pageQuery } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import { ContentSubmissionSchema, OutcomeSchema } from '../editorial/editorial.api.js';
import { CampaignSchema, DetailsRequestSchema, DraftRequestSchema, PreflightSchema, PublishRequestSchema, ReleaseSchema } from './campaign-schemas.js';
import type { CampaignsDeps } from './campaigns-deps.js';

const route = routeFor<CampaignsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['campaigns'];
const NOT_FOUND = { 404: '`campaign_not_found`.' };
const INVALID = '`campaign_invalid` (`details.problems` lists every problem), `content_type_unsupported`.';

export const campaignsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/campaigns',
    operationId: 'listCampaigns',
    summary: 'Campaigns not archived, most recently changed first or as sorted',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    query: Type.Object({ search: Type.Optional(Type.String({ maxLength: 180 })), ...librarySortQuery('updated'), ...pageQuery(50) }),
    response: { status: 200, schema: PageOf(CampaignSchema) },
    handler: ({ deps, query }) => deps.campaignsService.list(query),
  }),
  route({
    method: 'POST',
    path: '/api/v1/campaigns',
    operationId: 'createCampaign',
    summary: 'Create a campaign with an empty draft',
    tags,
    auth: { kind: 'console', access: 'managers' },
    body: DetailsRequestSchema,
    errors: { 422: INVALID },
    response: { status: 201, schema: CampaignSchema },
    handler: async ({ deps, body, principal, ctx }) => reply(201, await deps.campaignsService.create(me(principal), body, ctx.ip)),
  }),
  route({
    method: 'GET',
    path: '/api/v1/campaigns/{id}',
    operationId: 'getCampaign',
    summary: 'A campaign’s draft and where it is in its life',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: CampaignSchema },
    handler: ({ deps, params }) => deps.campaignsService.get(params.id),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/campaigns/{id}',
    operationId: 'archiveCampaign',
    summary: 'Archive a campaign and withdraw the schedules its releases wrote',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.campaignsService.archive(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/campaigns/{id}/draft',
    operationId: 'updateCampaignDraft',
    summary: 'Replace the working draft',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: IdParams,
    body: DraftRequestSchema,
    errors: { ...NOT_FOUND, 409: '`campaign_conflict`: the draft is no longer at `expectedDraftRevision`.', 422: INVALID },
    response: { status: 200, schema: CampaignSchema },
    handler: ({ deps, params, body, principal, ctx }) =>
      deps.campaignsService.updateDraft(me(principal), params.id, body.expectedDraftRevision, body.draft as never, ctx.ip),
  }),
  route({
    method: 'GET',
    path: '/api/v1/campaigns/{id}/preflight',
    operationId: 'preflightCampaign',
    summary: 'What publishing the draft now would meet: content, destinations, schedules, reach',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: PreflightSchema },
    handler: ({ deps, params }) => deps.campaignPreflight.run(params.id),
  }),
  route({
    method: 'GET',
    path: '/api/v1/campaigns/{id}/releases',
    operationId: 'listCampaignReleases',
    summary: 'The campaign’s immutable releases, newest first',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 200, schema: Type.Object({ items: Type.Array(ReleaseSchema) }) },
    handler: ({ deps, params }) => deps.campaignsService.releases(params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/campaigns/{id}/releases/{releaseId}/restore',
    operationId: 'restoreCampaignRelease',
    summary: 'Copy a release into the working draft; screens keep what they play',
    tags,
    auth: { kind: 'console', access: 'managers' },
    params: Type.Object({ id: Uuid, releaseId: Uuid }),
    errors: { 404: '`campaign_not_found`, `release_not_found`.', 422: INVALID },
    response: { status: 200, schema: CampaignSchema },
    handler: ({ deps, params, principal, ctx }) => deps.campaignsService.restoreRelease(me(principal), params.id, params.releaseId, ctx.ip),
  }),
  route({
    method: 'POST',
    path: '/api/v1/campaigns/{id}/publish',
    operationId: 'publishCampaign',
    summary: 'Publish the draft as a new release, or submit it for review when the organization’s policy asks',
    description:
      'Publishing writes one ordinary schedule per block on the campaign’s destinations, replacing the previous release’s in the same transaction; players never see a campaign, only schedules (201: the publication, whose `revision` is the release number, and its submission). When review is required, the draft is frozen into a submission (202).',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: PublishRequestSchema,
    errors: {
      ...NOT_FOUND,
      409: '`editorial_conflict`: the draft is no longer at `expectedDraftRevision`.',
      422: `${INVALID} Publishing checks that every block’s content exists and is ready, that the destinations exist, and that every block is a valid schedule (\`schedule_limit_exceeded\` past 1,000 schedules).`,
    },
    response: {
      status: 201,
      schema: OutcomeSchema,
      otherStatuses: { 202: { description: 'Review is required: the submission made of the draft.', schema: ContentSubmissionSchema } },
    },
    handler: async ({ deps, params, body, principal, ctx }) => {
      const outcome = await deps.campaignsService.publish(me(principal), params.id, body.expectedDraftRevision, ctx.ip);
      return 'published' in outcome ? reply(201, outcome.published) : reply(202, outcome.submitted);
    },
  }),
];
