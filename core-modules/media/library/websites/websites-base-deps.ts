import type { LibraryViewDeps } from '../library-view-deps.js';
import type { WebsiteDiagnostics } from './website-diagnostics.js';

/** What the websites' service builds on: the checks a website's address gets before it is saved. */
export interface WebsitesBaseDeps extends LibraryViewDeps {
  websiteDiagnostics: WebsiteDiagnostics;
}
