import { asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import type { ScreenNotifier } from '../screens/screen-notifier.js';
import type { ScreensService } from '../screens/screens.service.js';
import { previewRoutes } from './preview.routes.js';
import { PreviewService } from './preview.service.js';

export interface PreviewsDeps extends KernelDeps {
  // From screens (its exports).
  screensService: ScreensService;
  screenNotifier: ScreenNotifier;
  // Own.
  previewService: PreviewService;
}

/** Live previews: a still of what a screen shows, captured by its player while the console looks. */
export const previewsModule = definePlugin<PreviewsDeps>({
  name: 'previews',
  dependsOn: ['screens'],
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({ previewService: asFunction((d: PreviewsDeps) => new PreviewService(d)).singleton() });
    r.routes(previewRoutes);
  },
});
