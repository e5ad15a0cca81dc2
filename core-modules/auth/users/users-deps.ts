import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { UsersService } from './users.service.js';

export interface UsersDeps extends AuthBaseDeps {
  usersService: UsersService;
}
