import type { PreviewService } from './preview.service.js';
import type { PreviewsBaseDeps } from './previews-base-deps.js';

export interface PreviewsDeps extends PreviewsBaseDeps {
  previewService: PreviewService;
}
