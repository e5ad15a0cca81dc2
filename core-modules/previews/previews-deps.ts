import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { playerMessagesRef, screenDirectoryRef } from '../screens/screens.api.js';
import type { PreviewService } from './preview.service.js';
import type { PreviewsRepository } from './previews.repository.js';

export const previewsUses = { screensService: screenDirectoryRef, playerMessages: playerMessagesRef };

export interface PreviewsDeps extends KernelDeps, UsedDeps<typeof previewsUses> {
  previewsRepository: PreviewsRepository;
  previewService: PreviewService;
}
