import { asClass } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { MediaBaseDeps } from '../media-deps.js';
import { processingJobs } from './processing.jobs.js';
import { processingRoutes } from './processing.routes.js';
import { ProcessingService } from './processing.service.js';
import { VideoRenditionsService } from './video-renditions.js';

export interface ProcessingDeps extends MediaBaseDeps {
  processingService: ProcessingService;
  videoRenditions: VideoRenditionsService;
}

/** Inspection, thumbnails, playback variants and file deletion, as pg-boss jobs; retry of failed assets; renditions for other modules. */
export const processingPart: ModulePart<ProcessingDeps> = (r) => {
  r.provide(
    { processingService: asClass(ProcessingService).singleton(), videoRenditions: asClass(VideoRenditionsService).singleton() },
    // A video wall's panels are crops of library videos.
    { exports: ['videoRenditions'] },
  );
  r.routes(processingRoutes);
  r.jobs(processingJobs);
};
