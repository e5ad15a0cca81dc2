import { asClass, asFunction } from 'awilix';
import { definePlugin } from '../../kernel/plugin.js';
import { ActivityEventsRepository } from './activity-events.repository.js';
import { ActivityIngestService } from './activity-ingest.service.js';
import { ActivityRetention, activitySettings } from './activity-retention.js';
import { activityJobs } from './activity.jobs.js';
import { consoleActivityRoutes, playerActivityRoutes } from './activity.routes.js';
import { activityReportRoutes } from './activity-reports.routes.js';
import { PlaybackRollup } from './playback-rollup.js';
import { ProofOfPlayRepository } from './proof-of-play.repository.js';
import { ProofOfPlayService } from './proof-of-play.service.js';
import { ScreenTimeline } from './screen-timeline.js';
import { TelemetryService } from './telemetry.js';
import { TelemetryRepository } from './telemetry.repository.js';
import { ActivityOverview } from './overview.js';
import { OverviewRepository } from './overview.repository.js';
import { UptimeService } from './uptime.js';
import { UptimeRepository } from './uptime.repository.js';
import { activityUses } from './activity-base-deps.js';
import type { ActivityDeps } from './activity-deps.js';

/**
 * What players report about themselves: activity events (proof of play and screen events) with
 * the playback sessions derived from them, and telemetry; the console's reports, export and
 * timeline over them; retention by a setting.
 */
export const activityModule = definePlugin<ActivityDeps>({
  name: 'activity',
  dependsOn: ['settings', 'media', 'screens'],
  uses: activityUses,
  migrations: new URL('./migrations', import.meta.url),
  register(r) {
    r.provide({
      activityEventsRepository: asClass(ActivityEventsRepository).singleton(),
      activityIngestService: asFunction((d: ActivityDeps) => new ActivityIngestService(d)).singleton(),
      playbackRollup: asFunction((d: ActivityDeps) => new PlaybackRollup(d)).singleton(),
      proofOfPlayRepository: asClass(ProofOfPlayRepository).singleton(),
      proofOfPlayService: asFunction((d: ActivityDeps) => new ProofOfPlayService(d)).singleton(),
      screenTimeline: asFunction((d: ActivityDeps) => new ScreenTimeline(d)).singleton(),
      telemetryRepository: asClass(TelemetryRepository).singleton(),
      telemetryService: asFunction((d: ActivityDeps) => new TelemetryService(d)).singleton(),
      activityRetention: asFunction((d: ActivityDeps) => new ActivityRetention(d)).singleton(),
      uptimeRepository: asClass(UptimeRepository).singleton(),
      uptimeService: asFunction((d: ActivityDeps) => new UptimeService(d)).singleton(),
      overviewRepository: asClass(OverviewRepository).singleton(),
      activityOverview: asFunction((d: ActivityDeps) => new ActivityOverview(d)).singleton(),
    });
    r.routes([...playerActivityRoutes, ...consoleActivityRoutes, ...activityReportRoutes]);
    r.jobs(activityJobs);
    r.onStart(({ settingsService }) => settingsService.define(activitySettings));
  },
});
