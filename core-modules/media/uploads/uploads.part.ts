import { asClass, asFunction } from 'awilix';
import type { ModulePart } from '../../../kernel/plugin.js';
import { DiskReserve } from './disk-reserve.js';
import { importCommands } from './import.command.js';
import { UploadCompletionService } from './upload-completion.service.js';
import { UploadParts } from './upload-parts.js';
import { UploadSessionsRepository } from './upload-sessions.repository.js';
import type { UploadsDeps } from './uploads-deps.js';
import { uploadsJobs } from './uploads.jobs.js';
import { uploadsRoutes } from './uploads.routes.js';
import { UploadsService } from './uploads.service.js';

/** Resumable uploads: create, append, complete, cancel; expired parts cleaned by a job; the import CLI. */
export const uploadsPart: ModulePart<UploadsDeps> = (r) => {
  r.provide({
    uploadSessionsRepository: asClass(UploadSessionsRepository).singleton(),
    uploadParts: asClass(UploadParts).singleton(),
    diskReserve: asFunction((deps: UploadsDeps) => new DiskReserve(deps)).singleton(),
    uploadsService: asFunction((deps: UploadsDeps) => new UploadsService(deps)).singleton(),
    uploadCompletionService: asFunction((deps: UploadsDeps) => new UploadCompletionService(deps)).singleton(),
  });
  r.routes(uploadsRoutes);
  r.jobs(uploadsJobs);
  r.commands(importCommands);
  // Works out (and logs) what is kept free at start, not at the first upload.
  r.onStart(async ({ diskReserve }) => {
    await diskReserve.bytes();
  });
};
