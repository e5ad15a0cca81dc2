import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { IdParams } from '../../../kernel/http/wire.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import type { CredentialsDeps } from './credentials-deps.js';

const route = routeFor<CredentialsDeps>();
const me = (p: unknown) => p as ConsolePrincipal;
const NOT_FOUND = { 404: '`screen_not_found`.' };

/** POST /screens/{id}/disable and /enable differ only in the flag they set. */
const accessRoute = (verb: 'disable' | 'enable', summary: string) =>
  route({
    method: 'POST',
    path: `/api/v1/screens/{id}/${verb}`,
    operationId: `${verb}Screen`,
    summary,
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: NOT_FOUND,
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.screenAccessService.setEnabled(me(principal), params.id, verb === 'enable', ctx.ip);
      return reply(204);
    },
  });

/** Whether a screen's player may talk to the server: disable, enable, revoke. */
export const accessRoutes = [
  accessRoute('disable', 'Stop a screen’s player (reversible; it keeps its credential and sees 403 screen_disabled)'),
  accessRoute('enable', 'Let a disabled screen’s player back in'),
  route({
    method: 'POST',
    path: '/api/v1/screens/{id}/revoke',
    operationId: 'revokeScreen',
    summary: 'Revoke the screen’s credential for good and close its socket; the player must pair again',
    tags: ['screens'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ reason: Type.Optional(Type.String({ maxLength: 500 })) }),
    errors: NOT_FOUND,
    response: { status: 204 },
    handler: async ({ deps, params, body, principal, ctx }) => {
      await deps.screenAccessService.revoke(me(principal), params.id, body.reason, ctx.ip);
      return reply(204);
    },
  }),
];
