import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { assetUsageRef, mediaLibraryRef } from '../media/media.api.js';
import type { LoginBackgroundRepository } from './login-background.repository.js';
import type { LoginBackgroundService } from './login-background.service.js';

export const loginBackgroundUses = { mediaLibrary: mediaLibraryRef, assetUsage: assetUsageRef };

export interface LoginBackgroundBaseDeps extends KernelDeps, UsedDeps<typeof loginBackgroundUses> {
  loginBackgroundRepository: LoginBackgroundRepository;
}

export interface LoginBackgroundDeps extends LoginBackgroundBaseDeps {
  loginBackgroundService: LoginBackgroundService;
}
