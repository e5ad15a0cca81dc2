import { Type } from '@sinclair/typebox';
import type { Context, Middleware, Next } from 'koa';
import type { RouteAuth } from '../../kernel/auth/principal.js';
import type { ConsoleEventDef, ConsoleEvents } from './console-events.api.js';
import { OWN_MODULE } from './console-event-registry.js';

const fields = {
  method: Type.Union([Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('PATCH'), Type.Literal('DELETE')]),
  path: Type.String({ description: 'The route template that changed something, as the API document names it: `/api/v1/playlists/{id}/items`.' }),
};

declare module './console-events.api.js' {
  interface ConsoleEventFields {
    'resource.changed': { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string };
  }
}

export const resourceChanged: ConsoleEventDef<typeof fields> = {
  type: 'resource.changed',
  module: OWN_MODULE,
  fields,
  description:
    'Someone changed something through the API (a console, API-token or integration request that succeeded and was not a computation such as a preview): ' +
    'refetch what the page shows under that route’s collection (`/api/v1/playlists`). Carries no ids, so a role that may not read the resource learns nothing.',
};

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// A person's own session and credentials are theirs: no other console shows them.
const PERSONAL = /^\/api\/v1\/(auth|me|console)(\/|$)/;
const PLAYER_ROUTES = '/api/v1/player/';

/**
 * Announces each successful change made through a console or integration route to every signed-in console, after
 * the handler (and its transaction) finished: other people see it without reloading.
 */
export function resourceChangeAnnouncer(consoleEvents: ConsoleEvents): Middleware {
  const announce = (ctx: Context) => {
    if (ctx.status >= 300 || ctx.status < 200) return;
    const route = ctx.state.route as { path: string; auth: RouteAuth } | undefined;
    if (!route || route.auth.kind === 'public' || route.auth.kind === 'player' || PERSONAL.test(route.path)) return;
    if (route.auth.kind === 'console' && route.auth.computesOnly) return;
    consoleEvents.publish('resource.changed', { method: ctx.method as 'POST', path: route.path });
  };
  // No extra async step for reads and for players' routes (heartbeats, manifests, downloads): the hot paths.
  return (ctx: Context, next: Next) => (CHANGING.has(ctx.method) && !ctx.path.startsWith(PLAYER_ROUTES) ? next().then(() => announce(ctx)) : next());
}
