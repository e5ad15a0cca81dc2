import type { KernelDeps } from '../../kernel/kernel.js';
import type { SettingsService } from '../settings/settings.api.js';
import type { AuthConfig } from './auth-config.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UsersRepository } from './users.repository.js';

/** What every part of the auth module can use: the accounts and their sessions. Each part extends it. */
export interface AuthBaseDeps extends KernelDeps {
  settingsService: SettingsService;
  authConfig: AuthConfig;
  usersRepository: UsersRepository;
  sessionsRepository: SessionsRepository;
}
