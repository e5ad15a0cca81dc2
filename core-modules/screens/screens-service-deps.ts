import type { ScreensCacheDeps } from './screens-cache-deps.js';
import type { ScreensService } from './screens.service.js';

/** The screens' service, a layer of its own: every part extends it, and approval and reliability read through it. */
export interface ScreensServiceDeps extends ScreensCacheDeps {
  screensService: ScreensService;
}
