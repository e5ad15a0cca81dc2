import { coreModules } from '../core-modules/index.js';
import type { Application } from '../kernel/kernel.js';
import { optionalPlugins } from '../plugins/index.js';
import { systemJobs } from './system-jobs.js';

/**
 * Everything the server runs, as the entry points (server, worker, cli) hand it to the kernel. It
 * lives above the kernel so that the kernel knows no feature.
 */
export const application: Application = { plugins: [...coreModules, ...optionalPlugins], systemJobs };
