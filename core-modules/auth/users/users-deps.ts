import type { AuthBaseDeps } from '../auth-base-deps.js';
import type { FactorsRepository } from '../factors/factors.repository.js';
import type { UsersService } from './users.service.js';

export interface UsersDeps extends AuthBaseDeps {
  usersService: UsersService;
  /** A reset of a user's second factors removes them. */
  factorsRepository: FactorsRepository;
}
