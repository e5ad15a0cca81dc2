import type { KernelDeps } from '../../kernel/kernel.js';
import type { ScreenNotifier, ScreenDirectory } from '../screens/screens.api.js';
import type { PreviewService } from './preview.service.js';

export interface PreviewsDeps extends KernelDeps {
  // From screens (its exports).
  screensService: ScreenDirectory;
  screenNotifier: ScreenNotifier;
  // Own.
  previewService: PreviewService;
}
