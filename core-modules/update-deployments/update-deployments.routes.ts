import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams, Uuid } from '../../kernel/http/wire.js';
import { type RateLimitRule, reply, routeFor } from '../../kernel/plugin.js';
import { INSTALLATION_MODES, MAX_CANARY } from './update-deployment-rules.js';
import { CreatedDeploymentSchema, DeploymentDetailSchema, DeploymentSchema } from './update-deployment-view.js';
import type { UpdateDeploymentsDeps } from './update-deployments-deps.js';

const route = routeFor<UpdateDeploymentsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['update-deployments'];
/** The reference's operations limit, shared with the other fleet operations: 60 a minute for each user. */
const OPERATIONS: RateLimitRule = { bucket: 'operations', limit: 60, windowSeconds: 60, by: 'ip+principal' };
const MAX_IDS = 250;
const Ids = (description: string) => Type.Array(Uuid, { maxItems: MAX_IDS, description });

const RECONCILES =
  'Reconciles first, as the reference does: open screens whose last heartbeat (at most 5 minutes old) shows the new build settled ' +
  '(version, uptime of 120 s, not in safe mode, no update error) succeed, and a canary rollout whose canary sat in `installing` or ' +
  '`reconnecting` for 10 minutes pauses.';

export const updateDeploymentsRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/update-deployments',
    operationId: 'listUpdateDeployments',
    summary: 'Update deployments, newest first (the last 100), with per-screen counts',
    description: RECONCILES,
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(DeploymentSchema), total: Type.Integer({ minimum: 0 }) }) },
    handler: ({ deps }) => deps.deploymentViews.list(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/update-deployments',
    operationId: 'createUpdateDeployment',
    summary: 'Roll a verified player release out to screens and groups',
    description:
      'Group members are resolved now and each screen is counted once; unknown ids are left out. Screens of the other platform are `incompatible`, ' +
      'those already at or above the version `already_current`; the rest get an `install_player_update` command (`offline` when their player is ' +
      'not connected: it gets the command when it next fetches). With `canarySize` N below the number of eligible screens, the first N by screen id ' +
      'get it and the rest are `held` until every canary settles; a failed canary pauses the deployment.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    rateLimit: OPERATIONS,
    body: Type.Object({
      releaseId: Uuid,
      name: Type.String({ maxLength: 180 }),
      mode: Type.Union(INSTALLATION_MODES.map((m) => Type.Literal(m))),
      maintenanceWindowStart: Type.Optional(Type.String({ format: 'date-time', description: 'Required, and in the future, for `maintenance_window`.' })),
      screenIds: Type.Optional(Ids('Screens to update; with `groupIds`, at least one.')),
      groupIds: Type.Optional(Ids('Groups whose members to update.')),
      canarySize: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_CANARY, description: 'Screens that update first; 0 (the default) for all at once.' })),
    }),
    errors: {
      422:
        '`update_deployment_invalid` (blank name, no target, maintenance window missing or past), `player_release_not_verified` (no such release, ' +
        'or not verified and cached), `update_target_required` (no screen, or none on the release’s platform), `validation_failed`.',
    },
    response: { status: 201, schema: CreatedDeploymentSchema },
    handler: async ({ deps, body, principal, ctx }) => {
      const { id, release } = await deps.updateDeploymentsService.create(me(principal), body, ctx.ip);
      return reply(201, { ...(await deps.deploymentViews.one(id)), apkSizeBytes: release.artifact.sizeBytes });
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/update-deployments/{id}',
    operationId: 'getUpdateDeployment',
    summary: 'One deployment with each screen it reaches and what that screen’s player reported',
    description: RECONCILES,
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`update_deployment_not_found`.' },
    response: { status: 200, schema: DeploymentDetailSchema },
    handler: ({ deps, params }) => deps.deploymentViews.detail(params.id),
  }),
  route({
    method: 'POST',
    path: '/api/v1/update-deployments/{id}/cancel',
    operationId: 'cancelUpdateDeployment',
    summary: 'Stop a running deployment: screens not yet updated are cancelled and their commands withdrawn',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    rateLimit: OPERATIONS,
    params: IdParams,
    errors: { 404: '`update_deployment_not_found`.', 409: '`update_deployment_completed`: it already completed or was cancelled.' },
    response: { status: 200, schema: DeploymentSchema },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.updateDeploymentsService.cancel(me(principal), params.id, ctx.ip);
      return deps.deploymentViews.one(params.id);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/update-deployments/{id}/screens/{screenId}/retry',
    operationId: 'retryUpdateDeploymentScreen',
    summary: 'Send a failed screen its update again',
    description: 'A paused canary rollout moves on once every canary has settled; a deployment that had completed runs again until this screen settles.',
    tags,
    auth: { kind: 'console', access: 'administrators' },
    rateLimit: OPERATIONS,
    params: Type.Object({ id: Uuid, screenId: Uuid }),
    errors: { 404: '`update_deployment_not_found`.', 409: '`update_retry_not_allowed`: the screen’s update has not failed, or the deployment was cancelled.' },
    response: {
      status: 202,
      schema: Type.Object({
        state: Type.Union([Type.Literal('pending'), Type.Literal('offline')], {
          description: '`offline` when the screen’s player is not connected: it gets the command when it next fetches commands.',
        }),
      }),
    },
    handler: async ({ deps, params, principal, ctx }) =>
      reply(202, await deps.updateDeploymentsService.retry(me(principal), params.id, params.screenId, ctx.ip)),
  }),
];
