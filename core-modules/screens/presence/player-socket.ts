import { randomUUID } from 'node:crypto';
import type { RawData } from 'ws';
import type { PlayerPrincipal } from '../../../kernel/auth/principal.js';
import type { SocketRouteDef } from '../../../kernel/plugin.js';
import type { SocketConnection } from '../../../kernel/ws/hub.js';
import type { PresenceDeps } from './presence-deps.js';
import { FLEET_CHANNEL, interceptControl, screenChannel } from '../screen-notifier.js';

export const PROTOCOL_VERSION = 1;
/** The subprotocol a browser player asks for (with its credential as `bearer.<credential>` beside it). */
export const PLAYER_SOCKET_PROTOCOL = 'signage.player.v1';

const frameBytes = (data: RawData): Buffer => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data));

// Close codes the player acts on: 1008 makes it check its credential over HTTP.
const UNSUPPORTED = 1003;
const INVALID_PAYLOAD = 1007;
const POLICY = 1008;
const SERVER_ERROR = 1011;

/**
 * The player socket, protocol v1. The server speaks first (server.hello) and pings every 30 s;
 * the player answers with player.pong and may send player.status (its heartbeat) here instead of
 * over HTTP. Every message counts as contact. Pushes from other modules arrive through the hub on
 * `screen:<id>` and `screens`. Half-open connections are dropped by the hub's transport ping.
 */
class PlayerSocketSession {
  private readonly principal: PlayerPrincipal;
  private readonly connectionId = randomUUID();
  private readonly ip: string | null;
  private send!: (text: string) => void;
  private pingTimer?: NodeJS.Timeout;
  private registered = false;
  private closed = false;

  constructor(
    private readonly conn: SocketConnection,
    private readonly deps: PresenceDeps,
  ) {
    this.principal = conn.principal as PlayerPrincipal;
    // The hub does not pass the upgrade request on; the address is read off the TCP socket.
    this.ip = (conn.socket as unknown as { _socket?: { remoteAddress?: string } })._socket?.remoteAddress ?? null;
  }

  start(): void {
    const { socket } = this.conn;
    this.send = interceptControl(socket, this.principal.credentialId, () => this.close(POLICY, 'credential revoked or screen disabled'));
    socket.on('message', (data, isBinary) => this.onMessage(data, isBinary));
    socket.on('close', () => void this.onClose());
    socket.on('error', (err) => this.deps.logger.debug({ err, screenId: this.principal.screenId }, 'player socket error'));
    this.conn.join(screenChannel(this.principal.screenId));
    this.conn.join(FLEET_CHANNEL);
    void this.register();
  }

  private async register(): Promise<void> {
    try {
      const screenName = await this.deps.presenceService.open(
        this.connectionId,
        { screenId: this.principal.screenId, credentialId: this.principal.credentialId, close: (code, reason) => this.close(code, reason) },
        this.ip,
      );
      this.registered = true;
      if (this.closed) return void (await this.deps.presenceService.close(this.connectionId));
      this.sendJson({ type: 'server.hello', protocolVersion: PROTOCOL_VERSION, screenId: this.principal.screenId, screenName });
      // Commands queued while the player was away: tell it now rather than at its next poll.
      if ((await this.deps.commandsRepository.countOpen(this.principal.screenId)) > 0) this.sendJson({ type: 'commands.available' });
      // A ping at once as well: the Linux player's pong carries its clock, so a reconnecting player's
      // clock offset is measured again before the activity it sends on connecting is filed.
      const ping = () => this.sendJson({ type: 'server.ping', timestamp: new Date().toISOString() });
      ping();
      this.pingTimer = setInterval(ping, this.deps.screensConfig.pingIntervalMs);
    } catch (err) {
      this.deps.logger.error({ err, screenId: this.principal.screenId }, 'could not register a player socket');
      this.close(SERVER_ERROR, 'server error');
    }
  }

  // Whatever a frame holds, it only ever affects this socket: every path ends in a return or a close.
  private onMessage(data: RawData, isBinary: boolean): void {
    const receivedAt = new Date();
    try {
      this.deps.heartbeatService.socketActivity(this.principal, this.ip ?? undefined);
      // Binary messages carry the live-stream frames the console is watching.
      if (isBinary) {
        this.deps.liveStreamService
          .frame(this.principal.screenId, frameBytes(data))
          .catch((err) => this.deps.logger.warn({ err, screenId: this.principal.screenId }, 'a live stream frame was not relayed'));
        return;
      }
      const text = data.toString();
      let message: unknown;
      try {
        message = JSON.parse(text);
      } catch {
        this.close(INVALID_PAYLOAD, 'invalid JSON message');
        return;
      }
      if (!message || typeof message !== 'object' || Array.isArray(message)) {
        this.close(INVALID_PAYLOAD, 'a message must be a JSON object');
        return;
      }
      const m = message as Record<string, unknown>;
      switch (m.type) {
        case 'player.hello':
          if (m.protocolVersion !== PROTOCOL_VERSION) this.close(UNSUPPORTED, 'unsupported protocol version');
          else this.deps.heartbeatService.socketClock(this.principal, m.timestamp, receivedAt);
          return;
        case 'player.pong':
          this.deps.heartbeatService.socketClock(this.principal, m.timestamp, receivedAt);
          return;
        case 'player.status':
          this.deps.heartbeatService.acceptFromSocket(this.principal, m.payload, this.ip ?? undefined, text.length);
          return;
        default:
          this.close(UNSUPPORTED, 'unsupported message type');
      }
    } catch (err) {
      this.deps.logger.error({ err, screenId: this.principal.screenId }, 'player socket message failed');
      this.close(SERVER_ERROR, 'server error');
    }
  }

  private sendJson(message: object): void {
    if (this.conn.socket.readyState === this.conn.socket.OPEN) this.send(JSON.stringify(message));
  }

  private close(code: number, reason: string): void {
    const { socket } = this.conn;
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
  }

  private async onClose(): Promise<void> {
    this.closed = true;
    clearInterval(this.pingTimer);
    this.deps.heartbeatService.socketActivity(this.principal, this.ip ?? undefined);
    this.deps.liveStreamService.forget(this.principal.screenId);
    if (this.registered) await this.deps.presenceService.close(this.connectionId);
  }
}

export const playerSocketRoutes: SocketRouteDef<PresenceDeps>[] = [
  {
    path: '/api/v1/player/socket',
    summary: 'Player socket (protocol v1): pushes manifest, config and command notices; takes player.status',
    description:
      'Authorization: Bearer svc_device_…; a browser, which cannot set that header on a WebSocket, offers the credential as a subprotocol instead: ' +
      '`Sec-WebSocket-Protocol: signage.player.v1, bearer.svc_device_…` (the same credential checks and refusals apply; the answer names ' +
      '`signage.player.v1` only, never the credential). Player → server: player.hello{protocolVersion:1, timestamp?}, player.pong{timestamp?}, ' +
      'player.status{payload: heartbeat}, and binary live-stream frames (see GET /api/v1/player/live-stream-session). A `timestamp` (the player’s clock, RFC 3339) measures the screen’s deviceClockOffsetSeconds. ' +
      'Close codes: 1003 unknown type or protocol version, 1007 malformed JSON, 1008 credential revoked or screen disabled. ' +
      'Each server → player message, declared by the module that sends it, is listed below and under x-server-messages.',
    auth: { kind: 'player' },
    subprotocol: PLAYER_SOCKET_PROTOCOL,
    onConnection: (conn, deps) => new PlayerSocketSession(conn, deps).start(),
    messages: (deps) => deps.playerMessages.documented(),
  },
];
