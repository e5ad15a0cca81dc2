import type { MediaPart } from '../media-part.js';
import type { MediaBaseDeps } from '../media-deps.js';

export type LibraryDeps = MediaBaseDeps;

/** The asset library: listing, editing, archive, previews, folders, collections, tags, websites. */
export const libraryPart: MediaPart<LibraryDeps> = { provide: {}, routes: [], jobs: [] };
