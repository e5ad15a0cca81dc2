import type { UploadCompletionService } from './upload-completion.service.js';
import type { UploadsReserveDeps } from './uploads-reserve-deps.js';
import type { UploadsService } from './uploads.service.js';

/** What uploads' routes, jobs and import command use. */
export interface UploadsDeps extends UploadsReserveDeps {
  uploadsService: UploadsService;
  uploadCompletionService: UploadCompletionService;
}
