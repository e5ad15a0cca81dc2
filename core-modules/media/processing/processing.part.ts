import { asClass } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { videoRenditionsRef } from '../media.api.js';
import type { ProcessingDeps } from './processing-deps.js';
import { processingJobs } from './processing.jobs.js';
import { processingRoutes } from './processing.routes.js';
import { ProcessingService } from './processing.service.js';
import { VideoRenditionsService } from './video-renditions.js';
import { sweepWorkDirs } from './work-files.js';
import { assetProcessingEvent } from './processing-event.js';

/** Inspection, thumbnails, playback variants and file deletion, as pg-boss jobs; retry of failed assets; renditions for other modules. */
export const processingPart: ModulePart<ProcessingDeps> = (r) => {
  r.provide({ processingService: asClass(ProcessingService).singleton() });
  // A video wall's panels are crops of library videos.
  r.export(videoRenditionsRef, asClass(VideoRenditionsService).singleton());
  r.routes(processingRoutes);
  r.jobs(processingJobs);
  r.onStart(({ consoleEvents }) => consoleEvents.declare(assetProcessingEvent));
  // What a killed process left: its work folders (named after it, so a live process's stay) and
  // the storage temp files of writes it never finished (media writes almost all of them).
  r.onStart(async ({ storage, logger }) => {
    try {
      const workDirs = await sweepWorkDirs();
      const storageTemp = (await storage.sweepTemporary?.()) ?? [];
      if (workDirs.length || storageTemp.length) logger.info({ workDirs, storageTemp }, 'removed temporary files left by stopped processes');
    } catch (err) {
      logger.warn({ err }, 'could not sweep temporary files left by stopped processes');
    }
  });
};
