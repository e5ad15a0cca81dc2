import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { overrideContentSource } from './override-content-source.js';
import { overrideEvent } from './override-event.js';
import { presentationOverridesUses } from './presentation-overrides-base-deps.js';
import type { PresentationOverridesDeps } from './presentation-overrides-deps.js';
import { presentationOverridesJobs } from './presentation-overrides.jobs.js';
import { PresentationOverridesRepository } from './presentation-overrides.repository.js';
import { presentationOverridesRoutes } from './presentation-overrides.routes.js';
import { overrideSection } from './presentation-overrides.section.js';
import { PresentationOverridesService } from './presentation-overrides.service.js';

/** Quick present (spec 4.16): content on a screen or a group for a while, above its schedules. */
export const presentationOverridesModule = definePlugin<PresentationOverridesDeps>({
  name: 'presentation-overrides',
  dependsOn: ['console-events', 'screens', 'screen-groups', 'playlists', 'player', 'takeovers'],
  uses: presentationOverridesUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      presentationOverridesRepository: asClass(PresentationOverridesRepository).singleton(),
      presentationOverridesService: asFunction((d: PresentationOverridesDeps) => new PresentationOverridesService(d)).singleton(),
    });
    r.routes(presentationOverridesRoutes);
    r.jobs(presentationOverridesJobs);
    r.onStart((d) => {
      d.consoleEvents.declare(overrideEvent);
      d.manifestSections.register(overrideSection);
      d.contentSources.register(overrideContentSource(d));
      // An edit of what a session plays reaches its screens; what it plays cannot be deleted meanwhile.
      d.contentKinds.registerScreensGiven((refs, trx) => d.presentationOverridesService.screensGiven(refs, trx));
      d.contentKinds.registerUse(async (ref, trx) =>
        (await d.presentationOverridesRepository.runningWith(ref.contentType, [ref.contentId], trx)).map((o) => ({
          kind: 'presentation_override',
          id: o.id,
          name: 'Quick present',
        })),
      );
    });
  },
});
