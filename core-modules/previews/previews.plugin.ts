import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { screenPreviewEvent } from './preview-event.js';
import { previewSessionChanged } from './preview-messages.js';
import { previewRoutes } from './preview.routes.js';
import { PreviewService } from './preview.service.js';
import { PreviewsRepository } from './previews.repository.js';
import { previewsUses } from './previews-base-deps.js';
import type { PreviewsDeps } from './previews-deps.js';

/** Live previews: a still of what a screen shows, captured by its player while the console looks. */
export const previewsModule = definePlugin<PreviewsDeps>({
  name: 'previews',
  dependsOn: ['screens', 'console-events'],
  uses: previewsUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      previewsRepository: asClass(PreviewsRepository).singleton(),
      previewService: asFunction((d: PreviewsDeps) => new PreviewService(d)).singleton(),
    });
    r.routes(previewRoutes);
    r.onStart(({ playerMessages, consoleEvents }) => {
      playerMessages.declare(previewSessionChanged);
      consoleEvents.declare(screenPreviewEvent);
    });
  },
});
