import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { TakeoverConsole } from './takeover-console.js';
import { takeoverContentSource } from './takeover-content-source.js';
import { takeoverChanged, takeoverEvent, takeoverScreenEvent } from './takeover-messages.js';
import { takeoverReports } from './takeover-reports.js';
import { takeoverSettings } from './takeover-settings.js';
import { takeoversRef } from './takeovers.api.js';
import { emergencySection, takeoverSection } from './takeovers.section.js';
import { takeoversUses } from './takeovers-base-deps.js';
import type { TakeoversDeps } from './takeovers-deps.js';
import { takeoversJobs } from './takeovers.jobs.js';
import { TakeoversRepository } from './takeovers.repository.js';
import { takeoversRoutes } from './takeovers.routes.js';
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
      takeoverConsole: asFunction((d: TakeoversDeps) => new TakeoverConsole(d)).singleton(),
    });
    r.routes(takeoversRoutes);
    r.jobs(takeoversJobs);
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
      d.heartbeatExtensions.register(takeoverReports(d));
      // A playlist edit reaches the screens a takeover plays it on.
      d.contentKinds.registerScreensGiven(async (refs, trx) => {
        const playlistIds = refs.filter((r) => r.contentType === 'playlist').map((r) => r.contentId);
        const active = await d.takeoversRepository.activeUsing(playlistIds, trx);
        return d.takeoversRepository.holdingScreens(
          active.map((t) => t.id),
          trx,
        );
      });
      // A playlist cannot be deleted while a takeover plays it.
      d.contentKinds.registerUse(async (ref, trx) =>
        ref.contentType === 'playlist'
          ? (await d.takeoversRepository.activeUsing([ref.contentId], trx)).map((t) => ({ kind: 'takeover', id: t.id, name: t.name }))
          : [],
      );
    });
  },
});
