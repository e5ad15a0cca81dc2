import type { MediaBaseDeps } from '../media-base-deps.js';
import type { ProcessingService } from './processing.service.js';
import type { VideoRenditionsService } from './video-renditions.js';

/** What processing's routes and jobs use; its services take a Pick of the media base below it. */
export interface ProcessingDeps extends MediaBaseDeps {
  processingService: ProcessingService;
  videoRenditions: VideoRenditionsService;
}
