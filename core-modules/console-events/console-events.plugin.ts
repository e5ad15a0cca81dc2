import { asFunction } from 'awilix';
import type { KernelDeps } from '../../kernel/kernel.js';
import { definePlugin } from '../../kernel/plugin.js';
import { ConsoleEventRegistry } from './console-event-registry.js';
import { consoleEventsRef } from './console-events.api.js';
import { loadConsoleEventsConfig } from './console-events-config.js';
import { consoleEventsUses, type ConsoleEventsDeps } from './console-events-deps.js';
import { ConsoleSessionWatch } from './console-session-watch.js';
import { consoleSocketRoutes, serverHello } from './console-socket.js';
import { resourceChanged, resourceChangeAnnouncer } from './resource-changes.js';

/**
 * The console's live socket: screens, media and previews publish small hints (a screen's status,
 * an asset's processing, a new preview) and every signed-in console of the organization gets them.
 */
export const consoleEventsModule = definePlugin<ConsoleEventsDeps>({
  name: 'console-events',
  dependsOn: ['auth'],
  uses: consoleEventsUses,
  register(r) {
    r.provide({
      consoleEventsConfig: asFunction(({ config }: KernelDeps) => loadConsoleEventsConfig(config)).singleton(),
      consoleSessionWatch: asFunction((d: ConsoleEventsDeps) => new ConsoleSessionWatch(d)).singleton(),
    });
    r.export(consoleEventsRef, asFunction((d: ConsoleEventsDeps) => new ConsoleEventRegistry(d)).singleton());
    r.sockets(consoleSocketRoutes);
    r.middleware((d) => resourceChangeAnnouncer(d.consoleEvents));
    let unsubscribe: (() => void) | undefined;
    r.onStart(async ({ consoleEvents, consoleSessionWatch, hub }) => {
      consoleEvents.declare(serverHello);
      consoleEvents.declare(resourceChanged);
      consoleSessionWatch.start();
      // Told when the hub's listener is lost (never while the process stops: the hub closes the sockets then).
      unsubscribe = hub.subscribe(await consoleEvents.channel(), {
        message: () => {},
        reset: (listening) => {
          if (!listening && !hub.stopping) consoleSessionWatch.interrupted();
        },
      });
    });
    r.onStop(({ consoleSessionWatch }) => {
      unsubscribe?.();
      consoleSessionWatch.stop();
    });
  },
});
