import { mountedRoutes } from './http/route-table.js';
import type { Application } from './kernel.js';
import { buildOpenApi } from './openapi.js';
import { registerPlugins } from './plugin-loader.js';
import { systemPlugin } from './system/system.plugin.js';

/**
 * The OpenAPI document of an application from its declarations alone: no database, no container.
 * The console's build generates its typed client from it. A running server serves the same document,
 * except that its sockets also list the messages their plugins declare at run time.
 */
export function describeApplication(application: Application, serverUrl: string): object {
  const plugins = registerPlugins([systemPlugin(application.systemJobs ?? []), ...application.plugins]);
  return buildOpenApi(
    mountedRoutes(plugins),
    plugins.flatMap((p) => p.sockets),
    serverUrl,
  );
}
