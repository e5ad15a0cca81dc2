import { sessionChanged } from '../api/session';
import { type ConsoleMessage, parseConsoleMessage, reconnectDelayMs } from './messages';

type Listener = (message: ConsoleMessage, reconnected: boolean) => void;

// Close codes (docs/console-events.md): the session ended, or the server asked for a reconnect.
const SESSION_ENDED = 1008;

/**
 * The one event socket of a signed-in page: opened by the shell, reconnected with backoff, and
 * handed to whoever listens. After a reconnect the `server.hello` says so: events were missed.
 */
export class EventStream {
  private socket: WebSocket | undefined;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = true;
  private opened = false;
  private readonly listeners = new Set<Listener>();

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.socket?.close(1000);
    this.socket = undefined;
    this.opened = false;
  }

  private connect(): void {
    const url = new URL('/api/v1/console/events', window.location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const socket = new WebSocket(url);
    this.socket = socket;
    socket.onmessage = (event) => {
      const message = typeof event.data === 'string' ? parseConsoleMessage(event.data) : undefined;
      if (!message) return;
      const reconnected = message.type === 'server.hello' && this.opened;
      if (message.type === 'server.hello') {
        this.opened = true;
        this.attempt = 0;
      }
      for (const listener of this.listeners) listener(message, reconnected);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket || this.stopped) return;
      if (event.code === SESSION_ENDED) sessionChanged();
      this.timer = setTimeout(() => this.connect(), reconnectDelayMs(this.attempt++));
    };
  }
}

export const eventStream = new EventStream();
