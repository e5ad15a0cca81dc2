import type { UsedDeps } from '../../kernel/export-ref.js';
import type { KernelDeps } from '../../kernel/kernel.js';
import { consoleSessionsRef, organizationRef } from '../auth/auth.api.js';
import type { ConsoleEventRegistry } from './console-event-registry.js';
import type { ConsoleEventsConfig } from './console-events-config.js';
import type { ConsoleSessionWatch } from './console-session-watch.js';

export const consoleEventsUses = { organization: organizationRef, consoleSessions: consoleSessionsRef };

export interface ConsoleEventsDeps extends KernelDeps, UsedDeps<typeof consoleEventsUses> {
  consoleEventsConfig: ConsoleEventsConfig;
  consoleEvents: ConsoleEventRegistry;
  consoleSessionWatch: ConsoleSessionWatch;
}
