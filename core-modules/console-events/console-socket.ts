import { Type } from '@sinclair/typebox';
import type { ConsolePrincipal } from '../../kernel/auth/principal.js';
import type { SocketRouteDef } from '../../kernel/plugin.js';
import type { SocketConnection } from '../../kernel/ws/hub.js';
import type { ConsoleEventDef } from './console-events.api.js';
import type { ConsoleEventsDeps } from './console-events-deps.js';
import { OWN_MODULE } from './console-event-registry.js';
import { EVENTS_INTERRUPTED, SESSION_ENDED } from './console-session-watch.js';

export const PROTOCOL_VERSION = 1;
const UNSUPPORTED = 1003;
const SERVER_ERROR = 1011;

const helloFields = { protocolVersion: Type.Integer({ description: 'The console socket protocol this server speaks (1).' }) };

/** Spoken by the socket itself; declared so the API document lists it. */
export const serverHello: ConsoleEventDef<typeof helloFields> = {
  type: 'server.hello',
  module: OWN_MODULE,
  fields: helloFields,
  description:
    'The first message, once the socket receives the organization’s events: refetch what the page shows, since events sent while it was not connected are not replayed.',
};

/** One console's socket: it receives the organization's events and sends nothing. */
function openConsoleSocket(conn: SocketConnection, deps: ConsoleEventsDeps): void {
  const { socket } = conn;
  const principal = conn.principal as ConsolePrincipal;
  deps.consoleSessionWatch.add(socket, principal.sessionId);
  socket.on('close', () => deps.consoleSessionWatch.remove(socket));
  socket.on('message', () => socket.close(UNSUPPORTED, 'this socket takes no messages'));
  socket.on('error', (err) => deps.logger.debug({ err, userId: principal.userId }, 'console socket error'));
  deps.consoleEvents.channel().then(
    (channel) => {
      if (socket.readyState !== socket.OPEN) return;
      conn.join(channel);
      socket.send(JSON.stringify({ type: serverHello.type, protocolVersion: PROTOCOL_VERSION }));
    },
    (err: unknown) => {
      deps.logger.error({ err }, 'could not subscribe a console socket');
      socket.close(SERVER_ERROR, 'server error');
    },
  );
}

export const consoleSocketRoutes: SocketRouteDef<ConsoleEventsDeps>[] = [
  {
    path: '/api/v1/console/events',
    summary: 'Console events: live hints that a screen, an asset or a preview changed',
    description:
      'The signed-in console’s socket (session cookie; the Origin must be this server’s, as browsers send it). It carries small hints, ' +
      'JSON `{type, …}` with ids and a status, for the organization’s screens, assets and previews: refetch the REST resource for more. ' +
      'The console sends nothing. ' +
      `Close codes: 1001 the server process is stopping, 1003 a message was sent, ${SESSION_ENDED} the session ended (signed out, expired or idle: sign in again), ` +
      `1011 server error, ${EVENTS_INTERRUPTED} events may have been missed (reconnect and refetch). ` +
      'Each message, declared by the module that sends it, is listed below and under x-server-messages.',
    auth: { kind: 'console', access: 'signedIn' },
    errors: {
      403: 'The Origin header is missing or not this server’s (`origin_not_allowed`), or the session owes a second-factor enrollment (`mfa_enrollment_required`).',
    },
    onConnection: openConsoleSocket,
    messages: (deps) => deps.consoleEvents.documented(),
  },
];
