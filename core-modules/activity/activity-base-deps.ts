import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { mediaLibraryRef } from '../media/media.api.js';
import { screenClocksRef, screenDirectoryRef, screenTargetsRef } from '../screens/screens.api.js';
import { settingsServiceRef } from '../settings/settings.api.js';
import type { ActivityEventsRepository } from './activity-events.repository.js';
import type { PlaybackRollup } from './playback-rollup.js';
import type { ProofOfPlayRepository } from './proof-of-play.repository.js';
import type { OverviewRepository } from './overview.repository.js';
import type { TelemetryRepository } from './telemetry.repository.js';
import type { UptimeRepository } from './uptime.repository.js';

export const activityUses = {
  settingsService: settingsServiceRef,
  mediaLibrary: mediaLibraryRef,
  screensService: screenDirectoryRef,
  screenTargets: screenTargetsRef,
  screenClocks: screenClocksRef,
};

/**
 * What the activity module's services build on: its tables and the rollup, which take only the
 * kernel's. Services sit in the layers above, so no service's own deps file names it.
 */
export interface ActivityBaseDeps extends KernelDeps, UsedDeps<typeof activityUses> {
  activityEventsRepository: ActivityEventsRepository;
  playbackRollup: PlaybackRollup;
  proofOfPlayRepository: ProofOfPlayRepository;
  telemetryRepository: TelemetryRepository;
  uptimeRepository: UptimeRepository;
  overviewRepository: OverviewRepository;
}
