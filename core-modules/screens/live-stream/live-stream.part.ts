import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { liveStreamSessionChanged } from './live-stream-messages.js';
import { liveStreamRoutes } from './live-stream.routes.js';
import { LiveStreamService } from './live-stream.service.js';
import { LiveStreamsRepository } from './live-streams.repository.js';
import type { LiveStreamDeps } from './live-stream-deps.js';

/** The console's live view of a screen: the lease, the player's frames from its socket, the MJPEG relay. */
export const liveStreamPart: ModulePart<LiveStreamDeps> = (r) => {
  r.provide({
    liveStreamsRepository: asClass(LiveStreamsRepository).singleton(),
    liveStreamService: asFunction((d: LiveStreamDeps) => new LiveStreamService(d)).singleton(),
  });
  r.routes(liveStreamRoutes);
  r.onStart(({ playerMessages }) => playerMessages.declare(liveStreamSessionChanged));
};
