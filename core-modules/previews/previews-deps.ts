import type { KernelDeps } from '../../kernel/kernel.js';
import type { PlayerMessages, ScreenDirectory } from '../screens/screens.api.js';
import type { PreviewService } from './preview.service.js';
import type { PreviewsRepository } from './previews.repository.js';

export interface PreviewsDeps extends KernelDeps {
  // From screens (its exports).
  screensService: ScreenDirectory;
  playerMessages: PlayerMessages;
  // Own.
  previewsRepository: PreviewsRepository;
  previewService: PreviewService;
}
