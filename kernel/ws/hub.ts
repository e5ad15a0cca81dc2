import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Knex } from 'knex';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Guards } from '../auth/guards.js';
import type { Principal } from '../auth/principal.js';
import { AppError } from '../errors.js';
import { databaseUnavailable, isDatabaseUnavailable } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { SocketMessageDoc, SocketRouteDef } from '../plugin.js';
import { getOrSet } from '../collections.js';

const CHANNEL = 'signage_hub';
// PostgreSQL's NOTIFY payload limit is 8000 bytes; keep a margin for the envelope.
export const MAX_MESSAGE_BYTES = 7_800;

export interface SocketConnection {
  socket: WebSocket;
  principal: Principal | undefined;
  params: Record<string, string>;
  /** Receive what is published to this channel (from any server process). */
  join(channel: string): void;
  leave(channel: string): void;
}

interface MountedSocket {
  def: SocketRouteDef;
  deps: unknown;
  pattern: RegExp;
  names: string[];
}

const offeredProtocols = (req: IncomingMessage) =>
  (req.headers['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

const BEARER_PROTOCOL = 'bearer.';

/**
 * The upgrade's headers as the route's authenticator reads them: a credential offered as the
 * subprotocol `bearer.<credential>` (next to the route's own subprotocol) stands in for an absent
 * `Authorization: Bearer`. The browser's way, since it cannot set headers on a WebSocket.
 */
function withOfferedBearer(req: IncomingMessage, offered: string[], subprotocol: string): IncomingMessage['headers'] {
  if (req.headers.authorization || !offered.includes(subprotocol)) return req.headers;
  const bearer = offered.find((p) => p.startsWith(BEARER_PROTOCOL));
  return bearer ? { ...req.headers, authorization: `Bearer ${bearer.slice(BEARER_PROTOCOL.length)}` } : req.headers;
}

function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => {
      const param = /^\{(\w+)\}$/.exec(part);
      if (!param) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(param[1]!);
      return '([^/]+)';
    })
    .join('');
  return { pattern: new RegExp(`^${source}$`), names };
}

/** A socket route as the API document shows it. */
export type DocumentedSocket = SocketRouteDef & { serverMessages?: SocketMessageDoc[] };

/** One message for `publishMany`. */
export interface HubEntry {
  channel: string;
  message: object;
}

/** Server-side receiver of a channel (a cache kept in step across processes, say), not a socket. */
export interface HubSubscriber {
  message(message: unknown): void;
  /**
   * Listening started (true) or was lost (false). Messages published meanwhile may be missed, so
   * a subscriber that keeps state should drop it on both.
   */
  reset(listening: boolean): void;
}

// A notification is either one entry, `{"c","m"}` (what `publish` sends, and all older processes
// understand), or several packed together, `{"b":[{"c","m"},...]}`.
const entryText = (channel: string, message: object) => JSON.stringify({ c: channel, m: message });
const PACK_OPEN = '{"b":[';
const PACK_CLOSE = ']}';

function assertFits(channel: string, text: string): void {
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES) throw new Error(`hub message for ${channel} exceeds ${MAX_MESSAGE_BYTES} bytes`);
}

const NOTIFY_ALL = 'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, i) ORDER BY i';

/** Every payload, in order, as one statement of the transaction: delivered at its commit. */
async function notifyAll(trx: Knex.Transaction, payloads: string[]): Promise<void> {
  await trx.raw('SELECT pg_notify(?, p) FROM unnest(?::text[]) WITH ORDINALITY AS t(p, i) ORDER BY i', [CHANNEL, payloads]);
}

/** Packs entry texts, in order, into as few payloads as fit under MAX_MESSAGE_BYTES; a lone entry stays unpacked. */
export function packPayloads(texts: string[]): string[] {
  const payloads: string[] = [];
  let pack: string[] = [];
  let bytes = 0;
  const flush = () => {
    if (pack.length) payloads.push(pack.length === 1 ? pack[0]! : PACK_OPEN + pack.join(',') + PACK_CLOSE);
    pack = [];
  };
  for (const text of texts) {
    const size = Buffer.byteLength(text);
    // The pack so far, a comma, this entry and the closing bracket.
    if (pack.length && bytes + 1 + size + PACK_CLOSE.length > MAX_MESSAGE_BYTES) flush();
    bytes = pack.length ? bytes + 1 + size : PACK_OPEN.length + size;
    pack.push(text);
  }
  flush();
  return payloads;
}

/**
 * WebSocket routes on the HTTP server, plus cross-process fan-out: `publish` goes through
 * PostgreSQL NOTIFY and every process delivers to the sockets it holds, so several processes
 * behind a load balancer act as one.
 */
/** The hub's own channel: `resyncEverywhere`. */
const RESYNC_CHANNEL = 'hub.resync';

export class SocketHub {
  // The subprotocol each upgrade answers with, chosen by its route: never whatever the client offered first.
  private readonly chosenProtocol = new WeakMap<IncomingMessage, string>();
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 256 * 1024,
    handleProtocols: (_offered, req) => this.chosenProtocol.get(req) ?? false,
  });
  private readonly mounted: MountedSocket[] = [];
  private readonly channels = new Map<string, Set<WebSocket>>();
  private readonly subscribers = new Map<string, Set<HubSubscriber>>();
  private listener?: pg.Client;
  /** The listener's statements, one at a time (a pg client must not be handed a query while one runs). */
  private listenerTurn: Promise<unknown> = Promise.resolve();
  private closed = false;
  private closing?: Promise<void>;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly databaseUrl: string,
    private readonly notify: (payload: string) => Promise<void>,
    private readonly guards: Guards,
    private readonly logger: Logger,
    private readonly pingIntervalMs = 30_000,
  ) {}

  mount(def: SocketRouteDef, deps: unknown) {
    this.mounted.push({ def, deps, ...compile(def.path) });
  }

  /** The mounted socket routes, each with the messages it sends as they are declared now. */
  routes(): DocumentedSocket[] {
    return this.mounted.map((m) => ({ ...m.def, serverMessages: m.def.messages?.(m.deps) }));
  }

  /** Starts listening for publications from every process. */
  async start(): Promise<void> {
    await this.listen();
    // Transport-level ping: a half-open connection (player lost power) is dropped after two intervals.
    this.heartbeat = setInterval(() => {
      for (const socket of this.wss.clients) {
        const s = socket as WebSocket & { alive?: boolean };
        if (s.alive === false) {
          s.terminate();
          continue;
        }
        s.alive = false;
        s.ping();
      }
    }, this.pingIntervalMs);
    this.heartbeat.unref();
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'signage-server hub' });
    client.on('notification', (msg) => msg.payload && this.deliverLocal(msg.payload));
    client.on('error', (err) => {
      this.logger.warn({ err: err.message }, 'hub listener lost its database connection; reconnecting');
      this.reconnect(client);
    });
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    this.listener = client;
    this.resetSubscribers(true);
  }

  private reconnect(old: pg.Client) {
    if (this.closed || this.listener !== old) return;
    this.listener = undefined;
    this.resetSubscribers(false);
    old.end().catch(() => {});
    const retry = (delay: number) =>
      setTimeout(() => {
        if (this.closed) return;
        this.listen().catch(() => retry(Math.min(delay * 2, 10_000)));
      }, delay).unref();
    retry(200);
  }

  attach(server: Server) {
    server.on('upgrade', (req, socket, head) => {
      this.upgrade(req, socket, head).catch((err) => {
        if (isDatabaseUnavailable(err)) {
          const down = databaseUnavailable();
          return refuse(socket, down.status, down.code, down.message, down.headers);
        }
        this.logger.error({ err }, 'socket upgrade failed');
        refuse(socket, 500, 'internal_error', 'An internal error occurred.');
      });
    });
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.closed) return refuse(socket, 503, 'shutting_down', 'This server process is stopping; connect again in a moment.');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const match = this.mounted.map((m) => ({ m, found: m.pattern.exec(url.pathname) })).find((x) => x.found);
    if (!match) return refuse(socket, 404, 'route_not_found', `No socket route for ${url.pathname}.`);
    const offered = offeredProtocols(req);
    const { subprotocol } = match.m.def;
    if (subprotocol && offered.includes(subprotocol)) this.chosenProtocol.set(req, subprotocol);
    let principal: Principal | undefined;
    try {
      principal = await this.guards.check(match.m.def.auth, {
        method: 'GET',
        path: url.pathname,
        headers: subprotocol ? withOfferedBearer(req, offered, subprotocol) : req.headers,
        ip: req.socket.remoteAddress ?? '',
      });
    } catch (err) {
      if (err instanceof AppError) return refuse(socket, err.status, err.code, err.message);
      throw err;
    }
    const params = Object.fromEntries(match.m.names.map((n, i) => [n, decodeURIComponent(match.found![i + 1]!)]));
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const s = ws as WebSocket & { alive?: boolean };
      s.alive = true;
      ws.on('pong', () => (s.alive = true));
      const joined = new Set<string>();
      ws.on('close', () => {
        for (const c of joined) this.remove(c, ws);
      });
      const conn: SocketConnection = {
        socket: ws,
        principal,
        params,
        join: (channel) => {
          joined.add(channel);
          getOrSet(this.channels, channel, () => new Set()).add(ws);
        },
        leave: (channel) => {
          joined.delete(channel);
          this.remove(channel, ws);
        },
      };
      match.m.def.onConnection(conn, match.m.deps);
    });
  }

  private remove(channel: string, ws: WebSocket) {
    const set = this.channels.get(channel);
    set?.delete(ws);
    if (set?.size === 0) this.channels.delete(channel);
  }

  /**
   * Sends `message` (JSON) to every socket, on any server process, that joined `channel`. With
   * `trx`, the notification is part of that transaction: PostgreSQL delivers it when the
   * transaction commits, never before and never after a rollback (so a change and its notice
   * stand or fall together, and no process can die between them).
   */
  async publish(channel: string, message: object, trx?: Knex.Transaction): Promise<void> {
    const payload = entryText(channel, message);
    assertFits(channel, payload);
    if (trx) await notifyAll(trx, [payload]);
    else await this.notify(payload);
  }

  /**
   * `publish` for many messages at once (a change that concerns thousands of screens): they are
   * packed into as few notifications as fit, which every process unpacks. Each message must fit on
   * its own, as for `publish`; one that does not fails the call before anything is sent. Messages
   * are delivered in the order given. With `trx`, as for `publish`: sent at its commit. PostgreSQL
   * sends a payload repeated within one transaction only once.
   */
  async publishMany(entries: HubEntry[], trx?: Knex.Transaction): Promise<void> {
    const texts = entries.map(({ channel, message }) => {
      const text = entryText(channel, message);
      assertFits(channel, text);
      return text;
    });
    const payloads = packPayloads(texts);
    if (!payloads.length) return;
    if (trx) return notifyAll(trx, payloads);
    // One statement on the listening connection: one round trip and one transaction, so the
    // notifications go out together and in order. PostgreSQL sends a payload repeated within one
    // transaction only once, so repeats (the same messages published twice) go one by one.
    if (payloads.length > 1 && this.listener && new Set(payloads).size === payloads.length) {
      const listener = this.listener;
      const sent = this.listenerTurn.then(() => listener.query(NOTIFY_ALL, [CHANNEL, payloads]));
      this.listenerTurn = sent.catch(() => {});
      await sent;
      return;
    }
    // One after the other: notifications sent on different pool connections could overtake each other.
    for (const payload of payloads) await this.notify(payload);
  }

  /**
   * Hands what is published on `channel` (by any process) to `subscriber` in this process. Only web
   * processes listen: elsewhere the subscriber never hears `reset(true)`, so it must not rely on
   * messages until it does. Returns the unsubscribe function.
   */
  subscribe(channel: string, subscriber: HubSubscriber): () => void {
    const set = getOrSet(this.subscribers, channel, () => new Set<HubSubscriber>());
    set.add(subscriber);
    if (this.listener) subscriber.reset(true);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.subscribers.get(channel) === set) this.subscribers.delete(channel);
    };
  }

  /**
   * Tells every subscriber of every process to drop what it keeps, as if the listener had been lost
   * and found again: for data replaced under the processes' feet (a restore, a demo reset), which no
   * change announced. With `trx`, at its commit.
   */
  resyncEverywhere(trx?: Knex.Transaction): Promise<void> {
    return this.publish(RESYNC_CHANNEL, {}, trx);
  }

  private resync(): void {
    this.resetSubscribers(false);
    if (this.listener) this.resetSubscribers(true);
  }

  private resetSubscribers(listening: boolean) {
    for (const set of this.subscribers.values()) for (const s of set) s.reset(listening);
  }

  private deliverLocal(payload: string) {
    let parsed: { c?: string; m?: unknown; b?: { c: string; m: unknown }[] };
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    if (Array.isArray(parsed.b)) for (const entry of parsed.b) this.deliverEntry(entry.c, entry.m);
    else if (typeof parsed.c === 'string') this.deliverEntry(parsed.c, parsed.m);
  }

  private deliverEntry(channel: string, message: unknown) {
    if (channel === RESYNC_CHANNEL) return this.resync();
    for (const subscriber of this.subscribers.get(channel) ?? []) {
      try {
        subscriber.message(message);
      } catch (err) {
        this.logger.warn({ err, channel }, 'a hub subscriber failed');
      }
    }
    const sockets = this.channels.get(channel);
    if (!sockets) return;
    const text = JSON.stringify(message);
    for (const ws of sockets) if (ws.readyState === ws.OPEN) ws.send(text);
  }

  /** This process is stopping: its sockets are closing, and what they held goes with the process. */
  get stopping(): boolean {
    return this.closed;
  }

  /** Sockets held by this process. */
  get localConnections(): number {
    return this.wss.clients.size;
  }

  /**
   * Tells every socket the server is going away (1001: players reconnect to another process, or
   * after the restart), gives them up to `graceMs` to close, then cuts the rest: a player that
   * never answers the close must not hold the stop. Later calls share the first call's work.
   */
  close(graceMs = 0): Promise<void> {
    this.closing ??= this.shutDown(graceMs);
    return this.closing;
  }

  private async shutDown(graceMs: number): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    if (this.listener) this.resetSubscribers(false);
    for (const ws of this.wss.clients) ws.close(1001, 'server shutting down');
    const allClosed = new Promise<void>((resolve) => this.wss.close(() => resolve()));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([allClosed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
    for (const ws of this.wss.clients) ws.terminate();
    await allClosed;
    await this.listener?.end().catch(() => {});
    this.listener = undefined;
  }
}

function refuse(socket: Duplex, status: number, code: string, message: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ error: { code, message } });
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n${extra.join('')}` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
