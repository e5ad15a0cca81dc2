import { ensureWorkspaceBuilt } from './workspace-build.js';

/**
 * The browser player as the browser tests run it (served by the kernel at `/player/` from
 * `browser-player/dist`): built again first when its sources changed.
 */
export const ensureBrowserPlayerBuilt = (): void => ensureWorkspaceBuilt('browser-player');
