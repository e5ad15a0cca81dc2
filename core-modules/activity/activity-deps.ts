import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { mediaLibraryRef } from '../media/media.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { ActivityEventsRepository } from './activity-events.repository.js';
import type { ActivityIngestService } from './activity-ingest.service.js';
import type { ActivityRetention } from './activity-retention.js';
import type { PlaybackRollup } from './playback-rollup.js';
import type { ProofOfPlayRepository } from './proof-of-play.repository.js';
import type { ProofOfPlayService } from './proof-of-play.service.js';
import type { ScreenTimeline } from './screen-timeline.js';
import type { TelemetryService } from './telemetry.js';
import type { TelemetryRepository } from './telemetry.repository.js';
import { screenDirectoryRef, screenTargetsRef, screenClocksRef } from '../screens/screens.api.js';

export const activityUses = {
  settingsService: settingsServiceRef,
  mediaLibrary: mediaLibraryRef,
  screensService: screenDirectoryRef,
  screenTargets: screenTargetsRef,
  screenClocks: screenClocksRef,
};

export interface ActivityDeps extends KernelDeps, UsedDeps<typeof activityUses> {
  // Own.
  activityEventsRepository: ActivityEventsRepository;
  activityIngestService: ActivityIngestService;
  playbackRollup: PlaybackRollup;
  proofOfPlayRepository: ProofOfPlayRepository;
  proofOfPlayService: ProofOfPlayService;
  screenTimeline: ScreenTimeline;
  telemetryRepository: TelemetryRepository;
  telemetryService: TelemetryService;
  activityRetention: ActivityRetention;
}
