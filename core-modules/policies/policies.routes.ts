import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import { IdParams } from '../../kernel/http/wire.js';
import { reply, routeFor } from '../../kernel/plugin.js';
import type { PoliciesDeps } from './policies-deps.js';
import { EffectivePolicySchema, PolicyBodySchema, PolicyDocumentSchema } from './policy-view.js';
import type { PolicyScope } from './policies.models.js';

const route = routeFor<PoliciesDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const tags = ['policies'];
const INVALID = '`unknown_setting`, `setting_not_allowed_at_scope` (an organization-only key), `invalid_setting_value`, with the keys at fault.';

/** GET, PUT and DELETE of one scope's policy: `/screens/{id}/policy` and `/screen-groups/{id}/policy` differ only there. */
function policyRoutes(scope: PolicyScope, base: string, what: string, notFound: string) {
  const op = scope === 'screen' ? 'Screen' : 'ScreenGroup';
  return [
    route({
      method: 'GET',
      path: `${base}/{id}/policy`,
      operationId: `get${op}Policy`,
      summary: `The player policy of a ${what} (revision 0 and no values while it has none)`,
      tags,
      auth: { kind: 'console', access: 'signedIn' },
      params: IdParams,
      errors: { 404: notFound },
      response: { status: 200, schema: PolicyDocumentSchema },
      handler: ({ deps, params }) => deps.policiesService.get(scope, params.id),
    }),
    route({
      method: 'PUT',
      path: `${base}/{id}/policy`,
      operationId: `put${op}Policy`,
      summary: `Replace the player policy of a ${what}; its screens get the new configuration`,
      tags,
      auth: { kind: 'console', access: 'administrators' },
      params: IdParams,
      body: PolicyBodySchema,
      errors: { 404: notFound, 409: '`settings_revision_conflict`: the revision is not the one stored.', 422: INVALID },
      response: { status: 200, schema: PolicyDocumentSchema },
      handler: ({ deps, params, body, principal, ctx }) => deps.policiesService.put(me(principal), scope, params.id, body, ctx.ip),
    }),
    route({
      method: 'DELETE',
      path: `${base}/{id}/policy`,
      operationId: `delete${op}Policy`,
      summary: `Remove the player policy of a ${what}; its screens follow what is above it again`,
      tags,
      auth: { kind: 'console', access: 'administrators' },
      params: IdParams,
      errors: { 404: notFound },
      response: { status: 204 },
      handler: async ({ deps, params, principal, ctx }) => {
        await deps.policiesService.delete(me(principal), scope, params.id, ctx.ip);
        return reply(204);
      },
    }),
  ];
}

export const policiesRoutes = [
  ...policyRoutes('screen', '/api/v1/screens', 'screen', '`screen_not_found`.'),
  ...policyRoutes('group', '/api/v1/screen-groups', 'screen group', '`schedule_not_found` (no such group).'),
  route({
    method: 'GET',
    path: '/api/v1/screens/{id}/effective-policy',
    operationId: 'getScreenEffectivePolicy',
    summary: 'Each player setting a policy may set, with the value the screen follows and where it comes from',
    description: 'Precedence: the screen’s policy, then its group’s, then the organization’s settings, then the built-in default.',
    tags,
    auth: { kind: 'console', access: 'signedIn' },
    params: IdParams,
    errors: { 404: '`screen_not_found`.' },
    response: { status: 200, schema: EffectivePolicySchema },
    handler: ({ deps, params }) => deps.policiesService.effective(params.id),
  }),
];
