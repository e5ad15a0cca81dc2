import type { LibraryDeps } from './library/library-deps.js';
import type { ProcessingDeps } from './processing/processing.part.js';
import type { UploadsDeps } from './uploads/uploads.part.js';

/** The whole media module's container. */
export type MediaDeps = UploadsDeps & ProcessingDeps & LibraryDeps;
