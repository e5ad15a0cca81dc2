import type { ActivityIngestService } from './activity-ingest.service.js';
import type { ActivityRetention } from './activity-retention.js';
import type { ProofOfPlayDeps } from './proof-of-play-deps.js';
import type { ScreenTimeline } from './screen-timeline.js';
import type { ActivityOverview } from './overview.js';
import type { TelemetryService } from './telemetry.js';
import type { UptimeService } from './uptime.js';

/** The whole activity module's container. */
export interface ActivityDeps extends ProofOfPlayDeps {
  activityIngestService: ActivityIngestService;
  screenTimeline: ScreenTimeline;
  telemetryService: TelemetryService;
  activityRetention: ActivityRetention;
  uptimeService: UptimeService;
  activityOverview: ActivityOverview;
}
