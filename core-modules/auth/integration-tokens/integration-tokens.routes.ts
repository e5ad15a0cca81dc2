import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import type { IntegrationTokensDeps } from './integration-tokens-deps.js';
import { IntegrationTokenSchema, ScopeSchema } from './integration-token-view.js';
import { Uuid, Stamp } from '../../../kernel/http/wire.js';

const route = routeFor<IntegrationTokensDeps>();
const me = (p: unknown) => p as ConsolePrincipal;

export const integrationTokensRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/integration-tokens',
    operationId: 'listIntegrationTokens',
    summary: 'All integration tokens, newest first (never their secrets)',
    description: 'The list itself, not a page: an installation has a handful of tokens, and the reference console reads the array.',
    tags: ['integration-tokens'],
    auth: { kind: 'console', access: 'owner' },
    response: { status: 200, schema: Type.Array(IntegrationTokenSchema) },
    handler: ({ deps }) => deps.integrationTokensService.list(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/integration-tokens',
    operationId: 'createIntegrationToken',
    summary: 'Issue an integration token; the full token is in this response only',
    tags: ['integration-tokens'],
    auth: { kind: 'console', access: 'owner' },
    body: Type.Object({
      name: Type.String({ minLength: 1, maxLength: 120 }),
      scopes: Type.Array(ScopeSchema, { minItems: 1, maxItems: 2, uniqueItems: true }),
      dataSourceIds: Type.Optional(Type.Array(Uuid, { maxItems: 100, uniqueItems: true })),
      expiresAt: Type.Optional(Stamp),
    }),
    errors: { 422: '`validation_failed`, or `token_invalid` (expiry not in the future, dataSourceIds without data_source:write).' },
    response: {
      status: 201,
      schema: Type.Object({
        token: IntegrationTokenSchema,
        secret: Type.String({ description: '`svci_<publicId>.<secret>`, to send as `Authorization: Bearer …`. Shown once.' }),
        notice: Type.String(),
      }),
    },
    handler: ({ deps, body, principal, ctx }) => deps.integrationTokensService.create(me(principal), body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/integration-tokens/{id}',
    operationId: 'revokeIntegrationToken',
    summary: 'Revoke an integration token for good',
    tags: ['integration-tokens'],
    auth: { kind: 'console', access: 'owner' },
    params: Type.Object({ id: Uuid }),
    errors: { 404: 'Unknown or already revoked (`not_found`).' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.integrationTokensService.revoke(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
];
