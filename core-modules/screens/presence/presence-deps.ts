import type { LiveStreamService } from '../live-stream/live-stream.service.js';
import type { ScreensServiceDeps } from '../screens-service-deps.js';
import type { HeartbeatService } from './heartbeat.service.js';
import type { PresenceService } from './presence.service.js';
import type { ReliabilityService } from './reliability.service.js';
import type { ScreenClocks } from './screen-clocks.js';

export interface PresenceDeps extends ScreensServiceDeps {
  presenceService: PresenceService;
  heartbeatService: HeartbeatService;
  screenClocks: ScreenClocks;
  reliabilityService: ReliabilityService;
  /** The socket hands the player's live-stream frames to it. */
  liveStreamService: LiveStreamService;
}
