import type { LibraryDeps } from './library/library-deps.js';
import type { ProcessingDeps } from './processing/processing-deps.js';
import type { UploadsDeps } from './uploads/uploads-deps.js';

/** The whole media module's container. */
export type MediaDeps = UploadsDeps & ProcessingDeps & LibraryDeps;
