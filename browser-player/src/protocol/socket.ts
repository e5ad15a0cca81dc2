import { PROTOCOL_VERSION, type PlayerMessage, type ServerMessage } from '../wire/messages.js';
import type { Heartbeat } from '../wire/heartbeat.js';
import { Backoff, SOCKET_BACKOFF, type BackoffOptions } from './backoff.js';

// Method syntax makes the parameter bivariant, so the browser's and `ws`'s richer event types fit.
type Handler<E> = { handle(ev: E): void }['handle'];

/** What the player needs of a WebSocket: the browser's, or the `ws` package's in Node tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: Handler<unknown> | null;
  onmessage: Handler<{ data: unknown }> | null;
  onclose: Handler<{ code: number; reason: string }> | null;
  onerror: Handler<unknown> | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}
export type SocketConstructor = new (url: string, protocols: string[]) => SocketLike;

/** The subprotocol the server answers with; the credential rides along as a second one it never echoes. */
export const SOCKET_PROTOCOL = 'signage.player.v1';
const OPEN = 1;
// 1008: the credential was revoked or the screen disabled; the HTTP routes say which.
const POLICY = 1008;

export interface PlayerSocketOptions {
  url: string;
  credential: string;
  WebSocket: SocketConstructor;
  playerVersion: string;
  onMessage(m: ServerMessage): void;
  /** The server closed with 1008: no reconnect until the player has checked its credential. */
  onRevoked(): void;
  onStateChange?(open: boolean): void;
  backoff?: BackoffOptions;
  /** No message for this long (the server pings every 30 s) means a dead link: drop it and reconnect. */
  silenceMs?: number;
  now?(): number;
}

// Two and a half pings: a browser sees no transport pings, so a link that died silently (a TV's
// Wi-Fi) would otherwise look open for as long as the operating system keeps the TCP connection.
const SILENCE_MS = 75_000;

/**
 * The player socket, protocol v1, authenticated the way a browser can: the device credential
 * offered as the subprotocol `bearer.<credential>` beside `signage.player.v1` (a browser cannot
 * set Authorization on a WebSocket). Answers pings, says hello once the server has, and reconnects
 * with backoff after anything but a 1008 close.
 */
export class PlayerSocketClient {
  private socket: SocketLike | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private silence: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private open = false;
  private readonly backoff: Backoff;
  private readonly now: () => number;

  constructor(private readonly o: PlayerSocketOptions) {
    this.backoff = new Backoff(o.backoff ?? SOCKET_BACKOFF);
    this.now = o.now ?? Date.now;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.connect();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.detach();
    if (socket && socket.readyState <= OPEN) socket.close(1000, 'player stopping');
    this.setOpen(false);
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** The heartbeat as `player.status`; false when the socket is down (send it over HTTP then). */
  sendStatus(heartbeat: Heartbeat): boolean {
    return this.send({ type: 'player.status', protocolVersion: PROTOCOL_VERSION, playerVersion: this.o.playerVersion, payload: heartbeat });
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = new this.o.WebSocket(this.o.url, [SOCKET_PROTOCOL, `bearer.${this.o.credential}`]);
    } catch {
      this.retry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.backoff.connected(this.now());
      this.listen(socket);
    };
    socket.onmessage = (ev) => {
      this.listen(socket);
      this.receive(ev.data);
    };
    // Every failure, including a refused upgrade, ends in a close event: retry from there only.
    socket.onerror = () => {};
    socket.onclose = (ev) => {
      this.detach();
      this.setOpen(false);
      if (!this.running) return;
      if (ev.code === POLICY) {
        this.running = false;
        this.o.onRevoked();
        return;
      }
      this.retry();
    };
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    if (message.type === 'server.hello') {
      this.send({
        type: 'player.hello',
        protocolVersion: PROTOCOL_VERSION,
        playerVersion: this.o.playerVersion,
        timestamp: new Date(this.now()).toISOString(),
      });
      this.setOpen(true);
    } else if (message.type === 'server.ping') {
      this.send({ type: 'player.pong', timestamp: new Date(this.now()).toISOString() });
      return;
    }
    this.o.onMessage(message);
  }

  private send(message: PlayerMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  /** (Re)arms the silence timer: a socket that stays quiet too long is given up for a new one. */
  private listen(socket: SocketLike): void {
    clearTimeout(this.silence);
    this.silence = setTimeout(() => {
      if (this.socket !== socket) return;
      // Its close event may take minutes on a dead link: act now and let it finish on its own.
      this.detach();
      socket.close(4000, 'no message from the server');
      this.setOpen(false);
      if (this.running) this.retry();
    }, this.o.silenceMs ?? SILENCE_MS);
  }

  private retry(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (this.running) this.connect();
    }, this.backoff.nextDelay(this.now()));
  }

  private detach(): void {
    clearTimeout(this.silence);
    this.silence = undefined;
    if (!this.socket) return;
    this.socket.onopen = this.socket.onmessage = this.socket.onerror = this.socket.onclose = null;
    this.socket = undefined;
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    this.o.onStateChange?.(open);
  }
}
