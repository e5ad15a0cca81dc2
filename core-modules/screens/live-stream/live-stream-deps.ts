import type { ScreensServiceDeps } from '../screens-service-deps.js';
import type { LiveStreamService } from './live-stream.service.js';
import type { LiveStreamsRepository } from './live-streams.repository.js';

export interface LiveStreamDeps extends ScreensServiceDeps {
  liveStreamsRepository: LiveStreamsRepository;
  liveStreamService: LiveStreamService;
}
