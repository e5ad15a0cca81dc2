import type { MediaBaseDeps } from '../media-base-deps.js';
import type { UploadParts } from './upload-parts.js';
import type { UploadSessionsRepository } from './upload-sessions.repository.js';

/** What every service of uploads can use: the upload sessions' table and their stored bytes. */
export interface UploadsBaseDeps extends MediaBaseDeps {
  uploadSessionsRepository: UploadSessionsRepository;
  uploadParts: UploadParts;
}
