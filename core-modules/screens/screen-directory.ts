import type { ScreenDirectory } from './screens.api.js';
import type { ScreensServiceDeps } from './screens-service-deps.js';

/** What other modules may read of screens: these methods of the service and nothing else of it. */
export function screenDirectory({ screensService: s }: Pick<ScreensServiceDeps, 'screensService'>): ScreenDirectory {
  return {
    get: s.get.bind(s),
    namesOf: s.namesOf.bind(s),
    ids: s.ids.bind(s),
    statusCounts: s.statusCounts.bind(s),
    connectedAmong: s.connectedAmong.bind(s),
    openCommands: s.openCommands.bind(s),
    controlFacts: s.controlFacts.bind(s),
    platformsOf: s.platformsOf.bind(s),
    playersOf: s.playersOf.bind(s),
    recentHeartbeats: s.recentHeartbeats.bind(s),
    playbackReport: s.playbackReport.bind(s),
  };
}
