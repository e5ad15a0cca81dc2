import { ensureWorkspaceBuilt } from './workspace-build.js';

/** The console as the browser tests run it: built again first when its sources changed. */
export const ensureConsoleBuilt = (): void => ensureWorkspaceBuilt('console');
