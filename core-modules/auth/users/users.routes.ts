import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../../kernel/auth/principal.js';
import { reply, routeFor } from '../../../kernel/plugin.js';
import type { UsersDeps } from './users-deps.js';
import { ManagedUserSchema, NAME, PASSWORD, RoleSchema, USERNAME, UserSchema } from '../user-view.js';
import { IdParams } from '../../../kernel/http/wire.js';
import { RECENT_PROOF_SECONDS } from '../sign-in/recent-proof.js';

const route = routeFor<UsersDeps>();
const me = (p: unknown) => p as ConsolePrincipal;

const SELF_NEEDS_PROOF = `Role (\`insufficient_role\`) or CSRF (\`csrf_failed\`) check failed, or this acts on my own account with no sign-in or re-authentication on this session in the last ${RECENT_PROOF_SECONDS / 60} minutes (\`reauthentication_required\`; see \`POST /api/v1/me/security/reauthenticate\`).`;

const UserBody = {
  name: NAME,
  username: USERNAME,
  role: RoleSchema,
  active: Type.Optional(Type.Boolean()),
};

export const usersRoutes = [
  route({
    method: 'GET',
    path: '/api/v1/users',
    operationId: 'listUsers',
    summary: 'All console users',
    tags: ['users'],
    auth: { kind: 'console', access: 'administrators' },
    response: { status: 200, schema: Type.Object({ items: Type.Array(ManagedUserSchema), total: Type.Integer() }) },
    handler: ({ deps }) => deps.usersService.list(),
  }),
  route({
    method: 'POST',
    path: '/api/v1/users',
    operationId: 'createUser',
    summary: 'Add a console user',
    tags: ['users'],
    auth: { kind: 'console', access: 'administrators' },
    body: Type.Object({ ...UserBody, password: PASSWORD }),
    errors: { 409: '`username_exists`.' },
    response: { status: 201, schema: UserSchema },
    handler: ({ deps, body, principal, ctx }) => deps.usersService.create(me(principal), body, ctx.ip),
  }),
  route({
    method: 'PATCH',
    path: '/api/v1/users/{id}',
    operationId: 'updateUser',
    summary: 'Change a user; a new password or a deactivation ends their sessions',
    description:
      'A new password set for someone else also removes their passkeys (each audited `auth.mfa.passkey_removed`): a passkey signs in without the password. My own new password needs a recent sign-in and ends only my other sessions.',
    tags: ['users'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    body: Type.Object({ ...UserBody, password: Type.Optional(PASSWORD) }),
    errors: { 403: SELF_NEEDS_PROOF, 404: '`user_not_found`.', 409: '`username_exists`, `cannot_deactivate_self`, `last_owner_required`.' },
    response: { status: 200, schema: UserSchema },
    handler: ({ deps, params, body, principal, ctx }) => deps.usersService.update(me(principal), params.id, body, ctx.ip),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/users/{id}',
    operationId: 'deactivateUser',
    summary: 'Deactivate a user and end their sessions',
    tags: ['users'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: '`user_not_found`.', 409: '`cannot_deactivate_self`, `last_owner_required`.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.usersService.deactivate(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/users/{id}/permanent',
    operationId: 'deleteUserPermanently',
    summary: 'Delete a deactivated user for good',
    tags: ['users'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 404: '`user_not_found`.', 409: '`deactivate_user_first`, `cannot_delete_self`.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.usersService.deletePermanently(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
  route({
    method: 'POST',
    path: '/api/v1/users/{id}/security/reset',
    operationId: 'resetUserSecurity',
    summary: "Remove a user's second factors and sessions (lost device)",
    description: 'Resetting my own needs a recent sign-in.',
    tags: ['users'],
    auth: { kind: 'console', access: 'administrators' },
    params: IdParams,
    errors: { 403: SELF_NEEDS_PROOF, 404: '`user_not_found`.' },
    response: { status: 204 },
    handler: async ({ deps, params, principal, ctx }) => {
      await deps.usersService.resetSecurity(me(principal), params.id, ctx.ip);
      return reply(204);
    },
  }),
];
