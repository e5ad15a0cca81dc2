import type { MediaPart } from '../media-part.js';
import type { MediaBaseDeps } from '../media-deps.js';

export type UploadsDeps = MediaBaseDeps;

/** Resumable uploads: create, append, complete, cancel; expired parts cleaned by a job. */
export const uploadsPart: MediaPart<UploadsDeps> = { provide: {}, routes: [], jobs: [] };
