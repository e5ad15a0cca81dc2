import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { AuthConfig } from './auth-config.js';
import type { SessionsRepository } from './sessions.repository.js';
import type { UsersRepository } from './users.repository.js';

export const authUses = { settingsService: settingsServiceRef };

/** What every part of the auth module can use: the accounts and their sessions. Each part extends it. */
export interface AuthBaseDeps extends KernelDeps, UsedDeps<typeof authUses> {
  authConfig: AuthConfig;
  usersRepository: UsersRepository;
  sessionsRepository: SessionsRepository;
}
