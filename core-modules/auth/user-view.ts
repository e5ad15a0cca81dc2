import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../../kernel/auth/principal.js';
import { Uuid, Stamp } from '../../kernel/http/wire.js';
import type { UserRow } from './auth.models.js';

export const RoleSchema = Type.Union(ROLES.map((r) => Type.Literal(r)));

/** A user as the API shows it: never the password hash; `lastLoginAt` left out until a first sign-in (the reference's console types it `string | undefined`). */
export const UserSchema = Type.Object({
  id: Uuid,
  name: Type.String(),
  username: Type.String(),
  role: RoleSchema,
  active: Type.Boolean(),
  createdAt: Stamp,
  lastLoginAt: Type.Optional(Stamp),
});
export type UserView = Static<typeof UserSchema>;

/** A user as the users page lists them: with their second-factor state. */
export const ManagedUserSchema = Type.Composite([
  UserSchema,
  Type.Object({
    mfaEnrolled: Type.Boolean({ description: 'Has a confirmed authenticator app or a passkey.' }),
    mfaRequired: Type.Boolean({ description: 'The organization requires a second factor of this role.' }),
  }),
]);
export type ManagedUserView = Static<typeof ManagedUserSchema>;

export function userView(u: UserRow): UserView {
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    role: u.role,
    active: u.active,
    createdAt: u.created_at.toISOString(),
    ...(u.last_login_at && { lastLoginAt: u.last_login_at.toISOString() }),
  };
}

export const NAME = Type.String({ minLength: 2, maxLength: 120 });
export const USERNAME = Type.String({ pattern: '^[a-zA-Z0-9._@+-]{3,254}$' });
export const PASSWORD = Type.String({ minLength: 12, maxLength: 1024 });
