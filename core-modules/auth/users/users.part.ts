import { asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { UsersDeps } from './users-deps.js';
import { usersRoutes } from './users.routes.js';
import { UsersService } from './users.service.js';

/** Console users and their roles, managed by administrators. */
export const usersPart: ModulePart<UsersDeps> = (r) => {
  r.provide({ usersService: asFunction((d: UsersDeps) => new UsersService(d)).singleton() });
  r.routes(usersRoutes);
};
