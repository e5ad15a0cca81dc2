import type { MediaPart } from '../media-part.js';
import type { MediaBaseDeps } from '../media-deps.js';

export type ProcessingDeps = MediaBaseDeps;

/** Inspection, thumbnails, playback variants and file deletion, as pg-boss jobs. */
export const processingPart: MediaPart<ProcessingDeps> = { provide: {}, routes: [], jobs: [] };
