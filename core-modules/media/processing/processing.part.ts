import { asClass } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import type { MediaBaseDeps } from '../media-deps.js';
import { processingJobs } from './processing.jobs.js';
import { processingRoutes } from './processing.routes.js';
import { ProcessingService } from './processing.service.js';

export interface ProcessingDeps extends MediaBaseDeps {
  processingService: ProcessingService;
}

/** Inspection, thumbnails, playback variants and file deletion, as pg-boss jobs; retry of failed assets. */
export const processingPart: ModulePart<ProcessingDeps> = (r) => {
  r.provide({ processingService: asClass(ProcessingService).singleton() });
  r.routes(processingRoutes);
  r.jobs(processingJobs);
};
