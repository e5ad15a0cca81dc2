import { asClass, asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import type { AssetsRepository } from '../media/assets.repository.js';
import type { ScreensService } from '../screens/screens.service.js';
import type { ScreenTargets } from '../screens/screen-targets.js';
import type { SettingsService } from '../settings/settings.service.js';
import { ActivityEventsRepository } from './activity-events.repository.js';
import { ActivityIngestService } from './activity-ingest.service.js';
import { ActivityRetention, activitySettings } from './activity-retention.js';
import { activityJobs } from './activity.jobs.js';
import { consoleActivityRoutes, playerActivityRoutes } from './activity.routes.js';
import { PlaybackRollup } from './playback-rollup.js';
import { ProofOfPlayRepository } from './proof-of-play.repository.js';
import { ProofOfPlayService } from './proof-of-play.service.js';
import { ScreenTimeline } from './screen-timeline.js';
import { TelemetryService } from './telemetry.js';

export interface ActivityDeps extends KernelDeps {
  // From settings, media and screens (their exports).
  settingsService: SettingsService;
  assetsRepository: AssetsRepository;
  screensService: ScreensService;
  screenTargets: ScreenTargets;
  // Own.
  activityEventsRepository: ActivityEventsRepository;
  activityIngestService: ActivityIngestService;
  playbackRollup: PlaybackRollup;
  proofOfPlayRepository: ProofOfPlayRepository;
  proofOfPlayService: ProofOfPlayService;
  screenTimeline: ScreenTimeline;
  telemetryService: TelemetryService;
  activityRetention: ActivityRetention;
}

/**
 * What players report about themselves: activity events (proof of play and screen events) with
 * the playback sessions derived from them, and telemetry; the console's reports, export and
 * timeline over them; retention by a setting.
 */
export const activityModule = definePlugin<ActivityDeps>({
  name: 'activity',
  dependsOn: ['settings', 'media', 'screens'],
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      activityEventsRepository: asClass(ActivityEventsRepository).singleton(),
      activityIngestService: asFunction((d: ActivityDeps) => new ActivityIngestService(d)).singleton(),
      playbackRollup: asFunction((d: ActivityDeps) => new PlaybackRollup(d)).singleton(),
      proofOfPlayRepository: asClass(ProofOfPlayRepository).singleton(),
      proofOfPlayService: asFunction((d: ActivityDeps) => new ProofOfPlayService(d)).singleton(),
      screenTimeline: asFunction((d: ActivityDeps) => new ScreenTimeline(d)).singleton(),
      telemetryService: asFunction((d: ActivityDeps) => new TelemetryService(d)).singleton(),
      activityRetention: asFunction((d: ActivityDeps) => new ActivityRetention(d)).singleton(),
    });
    r.routes([...playerActivityRoutes, ...consoleActivityRoutes]);
    r.jobs(activityJobs);
    r.onStart(({ settingsService }) => settingsService.define(activitySettings));
  },
});
