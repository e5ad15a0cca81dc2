import { asClass } from 'awilix';
import type { MediaPart } from '../media-part.js';
import type { MediaBaseDeps } from '../media-deps.js';
import { processingJobs } from './processing.jobs.js';
import { processingRoutes } from './processing.routes.js';
import { ProcessingService } from './processing.service.js';

export interface ProcessingDeps extends MediaBaseDeps {
  processingService: ProcessingService;
}

/** Inspection, thumbnails, playback variants and file deletion, as pg-boss jobs; retry of failed assets. */
export const processingPart: MediaPart<ProcessingDeps> = {
  provide: { processingService: asClass(ProcessingService).singleton() },
  routes: processingRoutes,
  jobs: processingJobs,
};
