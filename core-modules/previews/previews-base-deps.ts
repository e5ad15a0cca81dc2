import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { consoleEventsRef } from '../console-events/console-events.api.js';
import { playerMessagesRef, screenDirectoryRef } from '../screens/screens.api.js';
import type { PreviewsRepository } from './previews.repository.js';

export const previewsUses = { screensService: screenDirectoryRef, playerMessages: playerMessagesRef, consoleEvents: consoleEventsRef };

/** What the preview service builds on, below the module's deps that name it. */
export interface PreviewsBaseDeps extends KernelDeps, UsedDeps<typeof previewsUses> {
  previewsRepository: PreviewsRepository;
}
