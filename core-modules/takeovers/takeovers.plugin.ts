import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { takeoverContentSource } from './takeover-content-source.js';
import { takeoverChanged, takeoverEvent, takeoverScreenEvent } from './takeover-messages.js';
import { takeoverSettings } from './takeover-settings.js';
import { takeoversRef } from './takeovers.api.js';
import { emergencySection, takeoverSection } from './takeovers.section.js';
import { takeoversUses } from './takeovers-base-deps.js';
import type { TakeoversDeps } from './takeovers-deps.js';
import { TakeoversRepository } from './takeovers.repository.js';
import { TakeoversService } from './takeovers.service.js';

/** Takeovers (spec 4.16): one playlist over everything else on chosen screens until it expires or is cancelled. */
export const takeoversModule = definePlugin<TakeoversDeps>({
  name: 'takeovers',
  dependsOn: ['settings', 'auth', 'console-events', 'screens', 'screen-groups', 'playlists', 'player'],
  uses: takeoversUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      takeoversRepository: asClass(TakeoversRepository).singleton(),
      takeoversService: asFunction((d: TakeoversDeps) => new TakeoversService(d)).singleton(),
    });
    // Weather alerts raise and end takeovers through it.
    r.export(takeoversRef, asFunction(({ takeoversService }: TakeoversDeps) => takeoversService).singleton());
    r.onStart((d) => {
      d.settingsService.define(takeoverSettings);
      d.playerMessages.declare(takeoverChanged);
      d.consoleEvents.declare(takeoverEvent);
      d.consoleEvents.declare(takeoverScreenEvent);
      d.manifestSections.register(takeoverSection);
      d.manifestSections.register(emergencySection);
      d.contentSources.register(takeoverContentSource(d));
    });
  },
});
